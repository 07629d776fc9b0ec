// PLACEHOLDER: replaced by the screen itself (issue 3 work in progress).
export function AppearanceEditorStep() {
  return null;
}
