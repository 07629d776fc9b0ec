/**
 * The colour picker itself (react-colorful), a chunk of its own: ColorPickerField loads it when
 * it is first shown on a screen, so screens without colour fields never load it.
 *
 * react-colorful injects one <style> element at run time: under a Content-Security-Policy without
 * 'unsafe-inline' styles, it gets the page's nonce with react-colorful's `setNonce`.
 */
import { RgbaColorPicker, setNonce } from 'react-colorful';
import type { RgbaColor } from 'react-colorful';
import { cspNonce } from '@/lib/security/csp-nonce';

const nonce = cspNonce();
if (nonce) setNonce(nonce);

export interface ColorPickerPanelProps {
  color: RgbaColor;
  onChange: (color: RgbaColor) => void;
}

export function ColorPickerPanel({ color, onChange }: ColorPickerPanelProps) {
  return <RgbaColorPicker color={color} onChange={onChange} />;
}
