import type { FormEvent } from 'react';
import styles from './signup-form.module.css';

/** docs/product.md#screens /signup: a static form; its behaviour is not part of the product (docs/decisions.md#silent-rules). */
export function SignupForm() {
  const ignore = (event: FormEvent) => event.preventDefault();
  return (
    <form className={styles.form} onSubmit={ignore} noValidate>
      <h1>Sign up</h1>
      <label>
        <span>Name</span>
        <input name="name" autoComplete="name" />
      </label>
      <label>
        <span>Password</span>
        <input name="password" type="password" autoComplete="new-password" />
      </label>
      <div className={styles.phone}>
        <label>
          <span>Country code</span>
          <select name="countryCode" defaultValue="+91">
            <option value="+91">India +91</option>
          </select>
        </label>
        <label>
          <span>Mobile Number</span>
          <span className={styles.withButton}>
            <input name="mobile" inputMode="numeric" autoComplete="tel-national" />
            <button type="button">OTP</button>
          </span>
        </label>
      </div>
      <label>
        <span>OTP</span>
        <input name="otp" inputMode="numeric" autoComplete="one-time-code" />
      </label>
      <label>
        <span>Referral Code</span>
        <input name="referral" />
      </label>
      <label className={styles.check}>
        <input type="checkbox" name="adult" />I am over 18 years old
      </label>
      <button type="submit" className={styles.submit}>
        Join Now
      </button>
    </form>
  );
}
