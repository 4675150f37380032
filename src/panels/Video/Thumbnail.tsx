import { SCREEN } from '../../components';

/** Catalogue picture of the video panel: a camera picture with its title bar and a play mark. */
export function VideoThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="video">
      <rect x="0" y="0" width="160" height="100" style={{ fill: '#000' }} />
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <circle cx="9" cy="7" r="3" style={{ fill: '#22c55e' }} />
      <rect x="16" y="4" width="50" height="6" rx="1" style={{ fill: SCREEN.text }} />
      <path d="M68 40 L96 57 L68 74 Z" style={{ fill: SCREEN.brand }} />
    </svg>
  );
}
