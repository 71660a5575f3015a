/** Decorative icons: always paired with a visible or screen-reader label by their caller. */
type IconProps = { className?: string };

export const StarIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={className ?? "h-4 w-4"} fill="currentColor">
    <path d="m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
  </svg>
);
