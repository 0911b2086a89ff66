import type { TwoFactorWidget as TwoFactorWidgetConfig } from '../../../core/portal';
import TwoFactorSection from '../../two-factor/TwoFactorSection';
import { useSecondFactorChanged } from '../../two-factor/SetupGate';
import { WidgetCard } from './WidgetCard';

/** The portal's two-step sign-in card: the shared profile section in the widget frame. */
export function TwoFactorWidget({ widget }: { widget: TwoFactorWidgetConfig }) {
  const changed = useSecondFactorChanged();
  return (
    <WidgetCard name={widget.name}>
      <TwoFactorSection onChange={changed} titled={false} />
    </WidgetCard>
  );
}
