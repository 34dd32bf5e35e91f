// The card's Save button, as CardSaveSlot loads it: a module only ever imported on demand, so its
// chunk is its own module's namespace (a shared module loaded this way would need Rolldown's runtime
// helpers in a chunk of their own, one more file before `/` answers).
import ActiveSaveButton from "./ActiveSaveButton.tsx";

export default function CardSaveButton(props: Parameters<typeof ActiveSaveButton>[0]) {
  return <ActiveSaveButton {...props} />;
}
