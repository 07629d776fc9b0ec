// PLACEHOLDER: replaced by the screen itself (issue 3 work in progress).
export function LoginEditorStep() {
  return null;
}
export function LocationEditorStep() {
  return null;
}
export function TermsEditorStep() {
  return null;
}
export function FaqEditorStep() {
  return null;
}
export function PolicyEditorStep() {
  return null;
}
