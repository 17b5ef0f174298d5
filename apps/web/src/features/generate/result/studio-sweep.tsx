/** A paper backdrop: wall, the soft curve of the sweep, and the floor with a pool of light. */
export function StudioSweep() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 400 300"
      preserveAspectRatio="none"
      className="absolute inset-0 size-full"
    >
      <defs>
        <linearGradient id="sweep-wall" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e4ddd2" />
          <stop offset="1" stopColor="#f3efe9" />
        </linearGradient>
        <linearGradient id="sweep-floor" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f6f2ec" />
          <stop offset="1" stopColor="#fbf9f6" />
        </linearGradient>
        <radialGradient id="sweep-light" cx="0.5" cy="0.72" r="0.5">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="400" height="300" fill="url(#sweep-wall)" />
      <path d="M0 205 C 120 222, 280 222, 400 205 L400 300 L0 300 Z" fill="url(#sweep-floor)" />
      <ellipse cx="200" cy="240" rx="170" ry="55" fill="url(#sweep-light)" />
    </svg>
  );
}
