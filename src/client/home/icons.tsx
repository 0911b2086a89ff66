import { ICON_PATHS, type IconName } from '../../core/icon-paths';

export type { IconName };

export function Icon({ name, size = 24 }: { name: IconName; size?: number | string }) {
  return (
    <svg className="lt-icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} fill="currentColor" />
    </svg>
  );
}
