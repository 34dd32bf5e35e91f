import { TIMEZONES, type Timezone } from "@unbiased/web-shared";
import { useId } from "react";

/** The twelve display timezones of spec §9, labelled for people ("America/Los Angeles"). */
export function TimezoneSelect({ value, onChange }: { value: Timezone; onChange: (timezone: Timezone) => void }) {
  const id = useId();
  return (
    <div className="profile-field">
      <label htmlFor={id}>Timezone</label>
      <select
        id={id}
        className="ui-control"
        value={value}
        onChange={(event) => onChange(event.target.value as Timezone)}
      >
        {TIMEZONES.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </div>
  );
}
