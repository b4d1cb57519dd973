/**
 * The house rules the Rules and Terms modal states (docs/product.md#screens, #constants), in Hindi/Hinglish as the
 * bettors read them. They describe operator policy (docs/decisions.md#silent-rules): the server enforces the minimum
 * stakes and the casino winning limit, and lets a bettor cancel an open football bet within 3
 * minutes (docs/architecture.md, "Cancelling a bet").
 */
export interface RuleSection {
  readonly title: string;
  readonly rules: readonly string[];
}

export const HOUSE_RULES: readonly RuleSection[] = [
  {
    title: 'बेट की सीमा (Minimum bet)',
    rules: [
      'मैच (Match Odds, Bookmaker, Toss) में कम से कम ₹500 की बेट लगेगी।',
      'सेशन (Fancy) में कम से कम ₹100 की बेट लगेगी।',
      'हर मार्केट की Min / Max सीमा उसकी टेबल पर लिखी होती है; उससे बाहर की बेट स्वीकार नहीं होगी।',
    ],
  },
  {
    title: 'क्रिकेट और फ़ुटबॉल',
    rules: [
      'फ़ुटबॉल (सॉकर) की बेट लगाने के 3 मिनट के अंदर कैंसल करवाई जा सकती है — इसके लिए तुरंत Support पर संपर्क करें।',
      'टाई मैच (Tied Match) का रेट मैच ख़त्म होने से 1 ओवर या 10 रन पहले बंद हो जाएगा।',
      'मैच abandon या रद्द होने पर उस मैच की सभी खुली बेट void (रद्द) होंगी और पैसा वापस होगा।',
      'पारी सेशन पूरा होने से पहले ख़त्म हो जाए तो सेशन का फ़ैसला पारी के कुल रन पर होगा; abandon हुआ सेशन void होगा।',
      'बॉल चलते समय, विकेट या गोल पर मार्केट SUSPENDED रहता है; उस समय कोई बेट नहीं लगेगी।',
    ],
  },
  {
    title: 'कैसीनो (Casino)',
    rules: [
      'कैसीनो में अकाउंट की winning limit से ज़्यादा जीत का भुगतान नहीं होगा।',
      'कैसीनो राउंड का नतीजा गेम प्रोवाइडर का होता है और वही अंतिम माना जाएगा।',
    ],
  },
  {
    title: 'सामान्य नियम',
    rules: [
      'किसी भी विवाद में कंपनी का फ़ैसला अंतिम और मान्य होगा।',
      'ग़लत रेट (technical error) पर लगी बेट void की जा सकती है।',
      'बेट match होने के बाद बदली या कैंसल नहीं होगी (ऊपर का फ़ुटबॉल नियम छोड़कर)।',
      'Live score और Live TV में थोड़ी देरी हो सकती है; बेट लगाने से पहले रेट ज़रूर देखें।',
      'अपना पासवर्ड किसी को न बताएं; अकाउंट में हुई हर बेट अकाउंट-धारक की मानी जाएगी।',
      'केवल 18 साल से ऊपर के लोग खेलें। ज़िम्मेदारी से खेलें — उतना ही लगाएं जितना खो सकें।',
    ],
  },
];
