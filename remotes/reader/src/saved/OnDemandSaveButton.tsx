// The signed-in reader's Save button as the card and the article page load it, once the reader is
// known: a module only ever imported on demand, so its chunk is its own module's namespace (a shared
// module loaded this way would need Rolldown's runtime helpers in a chunk of their own, one more file
// before `/` answers), and a signed-out reader never downloads it.
import ActiveSaveButton from "./ActiveSaveButton.tsx";

export default function OnDemandSaveButton(props: Parameters<typeof ActiveSaveButton>[0]) {
  return <ActiveSaveButton {...props} />;
}
