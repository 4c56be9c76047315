/** Catches a render error of the stats app, logs it (spec section 8: mount errors are logged) and says so quietly. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

export default class MountErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Stats app failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="sa-status sa-status-error" role="alert">
          {/* biome-ignore lint/a11y/useValidAnchor: an empty href is this page: the reload works even when scripts have failed */}
          This table could not be shown. <a href="">Reload the page</a>
        </div>
      );
    }
    return this.props.children;
  }
}
