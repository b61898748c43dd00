/** The app's line icons (decorative: the text beside them names the thing). */
const PATHS = {
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  withdrawals: 'M12 3v12m0 0l-4-4m4 4l4-4M4 17v3h16v-3',
  deposits: 'M12 21V9m0 0l-4 4m4-4l4 4M4 7V4h16v3',
  adjustments: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  documents: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  players: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  staff:
    'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 6.5M18 14a6 6 0 013.5 6',
  audit: 'M9 4h6l1 2h3v15H5V6h3zM9 12l2 2 4-4',
  banners: 'M3 5h18v12H3zM3 14l5-4 4 3 3-2 6 5M8 20h8',
  reports: 'M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3M20 16V6',
  content: 'M5 3h10l4 4v14H5zM15 3v4h4M8 12h8M8 16h5M8 8h3',
  sports:
    'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7l4 3-1.5 4.5h-5L8 10zM12 3v4M16 10l4.5-1.5M15 14.5l2.5 4M9 14.5l-2.5 4M8 10L3.5 8.5',
  signOut: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
