/**
 * Series, teams and players: invented names or common country names. None may contain a word the
 * hidden-fancy-runner rule hides (docs/product.md#validation; a test checks every name through `fancyRunnerIsHidden`).
 */

/** A cricket side: its name and the three-letter code its fancy rows use ('6 over runs IND'). */
export interface CricketTeam {
  readonly name: string;
  readonly code: string;
}

export interface CricketSeries {
  readonly name: string;
  readonly teams: readonly CricketTeam[];
}

export interface OtherSeries {
  readonly name: string;
  /** Clubs (soccer) or players (tennis). */
  readonly sides: readonly string[];
}

const countries: readonly CricketTeam[] = [
  { name: 'India', code: 'IND' },
  { name: 'Australia', code: 'AUS' },
  { name: 'England', code: 'ENG' },
  { name: 'South Africa', code: 'RSA' },
  { name: 'New Zealand', code: 'NZ' },
  { name: 'Pakistan', code: 'PAK' },
  { name: 'Sri Lanka', code: 'SL' },
  { name: 'West Indies', code: 'WI' },
  { name: 'Bangladesh', code: 'BAN' },
  { name: 'Afghanistan', code: 'AFG' },
];

export const CRICKET_SERIES: readonly CricketSeries[] = [
  { name: 'Indo-Pacific T20 Series', teams: countries.slice(0, 8) },
  {
    name: 'Coastal Premier T20 League',
    teams: [
      { name: 'Mumbai Mariners', code: 'MUM' },
      { name: 'Chennai Cyclones', code: 'CHE' },
      { name: 'Kolkata Knights XI', code: 'KOL' },
      { name: 'Goa Gulls', code: 'GOA' },
      { name: 'Vizag Voyagers', code: 'VIZ' },
      { name: 'Kochi Comets', code: 'KOC' },
      { name: 'Mangalore Monsoons', code: 'MAN' },
      { name: 'Puducherry Pearls', code: 'PUD' },
    ],
  },
  {
    name: 'Desert Super T20 Cup',
    teams: [
      { name: 'Jaipur Jaguars', code: 'JAI' },
      { name: 'Jodhpur Falcons', code: 'JOD' },
      { name: 'Dubai Dunes', code: 'DUB' },
      { name: 'Abu Dhabi Oryx', code: 'ABU' },
      { name: 'Sharjah Scorpions', code: 'SHA' },
      { name: 'Bikaner Camels', code: 'BIK' },
      { name: 'Ajman Hawks', code: 'AJM' },
    ],
  },
  {
    name: 'Northern Smash T20',
    teams: [
      { name: 'Lahore Lancers', code: 'LAH' },
      { name: 'Delhi Dynamos', code: 'DEL' },
      { name: 'Punjab Panthers', code: 'PUN' },
      { name: 'Srinagar Snow Leopards', code: 'SRI' },
      { name: 'Dehradun Dragons', code: 'DEH' },
      { name: 'Shimla Stags', code: 'SHI' },
      { name: 'Amritsar Arrows', code: 'AMR' },
    ],
  },
  {
    name: 'Asia-Caribbean T20 Trophy',
    teams: [...countries.slice(5), countries[0] ?? { name: 'India', code: 'IND' }],
  },
];

export const SOCCER_SERIES: readonly OtherSeries[] = [
  {
    name: 'Northern Premier Division',
    sides: [
      'Riverside Rovers',
      'Ashford Athletic',
      'Kingsport United',
      'Millbrook Town',
      'Harbour City',
      'Oakfield Wanderers',
      'Redcliffe Albion',
      'Stonebridge FC',
    ],
  },
  {
    name: 'Liga Continental',
    sides: [
      'Real Montalvo',
      'Atletico Serrano',
      'CD Valverde',
      'Union Costa Azul',
      'Sporting Almena',
      'Racing Sierra',
      'Deportivo Lumbre',
    ],
  },
  {
    name: 'Atlantic Cup',
    sides: [
      'Porto Alegre Mar',
      'Lisboa Oriental',
      'Bayview Mariners',
      'Cape Harbour FC',
      'Dakar Lions',
      'Azores Island',
      'Galway Rovers',
    ],
  },
  {
    name: 'Bundes Pokal Nord',
    sides: [
      'FC Elbstadt',
      'SV Nordhafen',
      'Borussia Weserland',
      'TSV Heidekreis',
      'Eintracht Kiefer',
      'VfB Moorland',
      'Fortuna Ostsee',
    ],
  },
];

export const TENNIS_SERIES: readonly OtherSeries[] = [
  {
    name: 'Harbour Open',
    sides: [
      'Luka Varga',
      'Mateo Ferreira',
      'Jonas Lindqvist',
      'Arjun Mehra',
      'Tomas Kral',
      'Felix Aubert',
      'Kenji Morita',
      'Diego Santana',
    ],
  },
  {
    name: 'Capital Indoor Championships',
    sides: [
      'Nikolai Petrov',
      'Oscar Wendt',
      'Rafael Quiroga',
      'Elias Brandt',
      'Hugo Marchand',
      'Samir Haddad',
      'Pavel Novak',
    ],
  },
  {
    name: 'Mountain Masters',
    sides: [
      'Emma Lindholm',
      'Sofia Rinaldi',
      'Ana Kovac',
      'Mei Tanaka',
      'Chloe Fournier',
      'Priya Nair',
      'Lena Hoffmann',
    ],
  },
  {
    name: 'Seaside Classic',
    sides: [
      'Isabel Ortega',
      'Hanna Virtanen',
      'Zoe Mitchell',
      'Yuki Sato',
      'Marta Wojcik',
      'Clara Dumont',
      'Nadia Petrova',
    ],
  },
];

/** Surnames for cricket batting orders (with an initial: 'R Sharma'). */
export const CRICKET_SURNAMES: readonly string[] = [
  'Sharma',
  'Kohli',
  'Patel',
  'Iyer',
  'Rahane',
  'Pandey',
  'Gill',
  'Chahal',
  'Warner',
  'Smith',
  'Marsh',
  'Head',
  'Cummins',
  'Root',
  'Buttler',
  'Stokes',
  'Malan',
  'Curran',
  'Amla',
  'Markram',
  'Miller',
  'Rabada',
  'Latham',
  'Conway',
  'Santner',
  'Azam',
  'Rizwan',
  'Afridi',
  'Mendis',
  'Perera',
  'Hasaranga',
  'Pooran',
  'Holder',
  'Russell',
  'Hossain',
  'Rahim',
  'Nabi',
  'Zadran',
  'Rashid',
  'Desai',
  'Kulkarni',
  'Bose',
  'Rao',
  'Menon',
  'Naidu',
  'Saxena',
  'Thakur',
  'Verma',
];

export const INITIALS: readonly string[] = 'ABCDGHJKMNPRSTVW'.split('');
