import type { MembersPlaceIcon } from "@/config/members-navigation";

/** Simple line icons for the members' places (decorative: every place is named in words beside it). */
const PATHS: Record<MembersPlaceIcon, string> = {
  today:
    "M12 3v2m0 14v2M3 12h2m14 0h2M5.6 5.6l1.4 1.4m10 10 1.4 1.4M5.6 18.4 7 17M17 7l1.4-1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
  habits: "M4 12.5 9 17.5 20 6.5",
  calendar: "M5 5h14v15H5zM5 10h14M9 3v4m6-4v4",
  cam: "M4 7h4l2-2h4l2 2h4v12H4zM12 10a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  "vision-board": "M4 5h16v14H4zM4 15l5-5 4 4 3-3 4 4",
  lounge: "M4 5h16v10H9l-5 4z",
  circle:
    "M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3.3 2.7-6 6-6s6 2.7 6 6m0-5.6A6 6 0 0 1 22 20",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9c0-4.4 3.6-7 8-7s8 2.6 8 7",
};

export function PlaceIcon({ icon, className = "size-5" }: { icon: MembersPlaceIcon; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[icon]} />
    </svg>
  );
}
