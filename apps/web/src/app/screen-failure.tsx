import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../lib/log';
import styles from './routes/pages.module.css';

interface Props {
  /** The address: a failure shown at one is forgotten at the next. */
  readonly at: string;
  readonly children: ReactNode;
  /** What Retry does: loads the page again (the tests' seam). */
  readonly reload?: () => void;
}

interface State {
  readonly failed: boolean;
  readonly at: string;
}

/**
 * What a screen that could not load shows instead of a blank page: its chunk failed (offline, or
 * a deploy replaced it) or it broke while rendering. It says so and offers Retry, which loads the
 * page again (a new deploy's page names its new chunks); another address starts afresh.
 */
export class ScreenFailure extends Component<Props, State> {
  override state: State = { failed: false, at: this.props.at };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError(`screen ${info.componentStack?.trim().split('\n')[0] ?? ''}`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className={`${styles.centered} ${styles.fullScreen}`}>
        <section className={styles.errorCard} role="alert">
          <h1>This page could not load</h1>
          <p>Please check your internet connection and try again.</p>
          <button
            type="button"
            className={styles.primaryButton}
            onClick={this.props.reload ?? (() => window.location.reload())}
          >
            Retry
          </button>
        </section>
      </main>
    );
  }
}
