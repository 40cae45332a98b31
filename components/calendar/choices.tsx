/** The <option>s of the calendar forms' selects: whose calendar, which circle. */
export function CalendarOptions({ calendars }: { calendars: { memberId: string; name: string }[] }) {
  return calendars.map((calendar) => (
    <option key={calendar.memberId} value={calendar.memberId}>
      {calendar.name}
    </option>
  ));
}

export function CircleOptions({ circles }: { circles: { circleId: string; name: string }[] }) {
  return circles.map((circle) => (
    <option key={circle.circleId} value={circle.circleId}>
      {circle.name}
    </option>
  ));
}
