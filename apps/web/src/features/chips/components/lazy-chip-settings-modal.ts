import { lazyComponent } from '../../../ui/lazy-component';

/**
 * The chip settings dialog (Edit Stake), fetched when it opens: the user menu and the event
 * screen's slip open it, and neither screen's first load carries it.
 */
export const LazyChipSettingsModal = lazyComponent(
  async () => (await import('./chip-settings-modal')).ChipSettingsModal,
);
