/**
 * jsdom does no layout: Range has no getClientRects/getBoundingClientRect and the document no
 * elementFromPoint. ProseMirror asks for them when the selection moves or scrolls into view;
 * empty rectangles are enough for editing by keyboard in tests. What needs real layout (clicks
 * at a position, scrolling) is left to the browser tests. Import this module first.
 */
const emptyRect = (): DOMRect => {
  const rect = { x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0 };
  return { ...rect, toJSON: () => rect };
};
const emptyList = (): DOMRectList => {
  const list: DOMRect[] = [];
  return Object.assign(list, { item: () => null }) as unknown as DOMRectList;
};

Range.prototype.getClientRects ??= emptyList;
Range.prototype.getBoundingClientRect ??= emptyRect;
document.elementFromPoint ??= () => null;

export {};
