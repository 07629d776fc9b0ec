/**
 * A rich-text field (01 §2.9 page editors; 02 §2 Step 3 page content): TipTap over ProseMirror,
 * holding HTML as the field value (undefined when empty).
 *
 * - A toolbar (WAI-ARIA toolbar: one tab stop, arrow keys, Home and End move between buttons)
 *   with bold, italic, underline, headings 2 and 3, bullet and numbered lists, link add/remove,
 *   undo and redo. Toggles carry aria-pressed.
 * - The content area is a textbox (role and aria-multiline set by TipTap) named by the label.
 * - Links take http:, https: and mailto: addresses only, when typed, pasted or loaded.
 * - `injectCSS: false`: the Content-Security-Policy allows no <style> element without its nonce,
 *   so the styles ProseMirror needs are in RichTextField.css, loaded as a file with the chunk.
 *   (ProseMirror's own run-time styles go through element.style, which the policy allows.)
 *
 * TipTap is large: only the editor screens import this module, never the login screen.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FormApi } from 'final-form';
import { useForm } from 'react-final-form';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import ImageExtension from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { FieldFeedback, FieldHelp, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';
import './RichTextField.css';

type HtmlValue = string | undefined;

/** Link schemes a page may carry: no `javascript:`, `data:` or relative tricks. */
export const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

/** An absolute http(s) address with a host, or a mailto: address. */
export function isSafeLinkHref(href: string | null | undefined): boolean {
  const text = href?.trim();
  if (!text) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (!LINK_PROTOCOLS.includes(url.protocol)) return false;
  return url.protocol === 'mailto:' ? url.pathname.length > 0 : url.hostname.length > 0;
}

/** Texts of the editor's own controls (the spec names none). */
export const RICH_TEXT_TEXT = {
  toolbar: (label: string) => `${label} formatting`,
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  heading2: 'Heading 2',
  heading3: 'Heading 3',
  bulletList: 'Bullet list',
  orderedList: 'Numbered list',
  link: 'Link',
  unlink: 'Remove link',
  undo: 'Undo',
  redo: 'Redo',
  linkAddress: 'Link address',
  applyLink: 'Apply',
  cancelLink: 'Cancel',
  badLink: 'Enter an address starting with http:// or https://, or a mailto: address.',
} as const;

/**
 * The HTML to store: none for an empty document; without the empty paragraphs the editor keeps
 * at the end (TipTap's trailing node, there to type after a heading, list or image).
 */
/** The form's own value of a field, as loaded: '' stays '' (the field's input shows undefined as ''). */
const formValueOf = (form: FormApi, name: string): HtmlValue =>
  form.getFieldState(name)?.value as HtmlValue;

const valueOf = (editor: Editor): HtmlValue =>
  editor.isEmpty ? undefined : editor.getHTML().replace(/(?:<p><\/p>)+$/, '') || undefined;

/** StarterKit (headings 2 and 3, no code marks) with safe links, and block images. */
function createExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isSafeLinkHref(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
      },
    }),
    ImageExtension.configure({ inline: false, allowBase64: false }),
  ];
}

/**
 * Stroked icons (16 × 16) of the tools whose usual text would not be part of their name: "H2"
 * is not in "Heading 2", "1." not in "Numbered list", "Unlink" not in "Remove link".
 */
const ICON = {
  heading2: 'M1.5 3v10M1.5 8h5M6.5 3v10M9 5.3c0-2 5-2.2 5 .3 0 2.2-5 4.2-5 7.4h5.5',
  heading3:
    'M1.5 3v10M1.5 8h5M6.5 3v10M9 3.3h5l-2.8 3.9c2.3-.2 3.4 1.1 3.2 2.9-.3 2.5-3.8 3.1-5.4 1.6',
  orderedList:
    'M2 3l1.3-.9V7M1.8 10.2c0-1.4 2.6-1.5 2.6 0 0 1.2-2.6 2-2.6 3.6h2.8M7 4.5h8M7 11.5h8',
  unlink:
    'M6.5 9.5l-1.9 1.9a2 2 0 0 1-2.8-2.8l1.9-1.9M9.5 6.5l1.9-1.9a2 2 0 0 1 2.8 2.8l-1.9 1.9M5 1.5v2M1.5 5h2M11 14.5v-2M14.5 11h-2',
} as const;

function ToolIcon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className="rich-text-icon"
    >
      <path d={d} />
    </svg>
  );
}

interface ToolState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  heading2: boolean;
  heading3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

const toolStateOf = (editor: Editor): ToolState => ({
  bold: editor.isActive('bold'),
  italic: editor.isActive('italic'),
  underline: editor.isActive('underline'),
  heading2: editor.isActive('heading', { level: 2 }),
  heading3: editor.isActive('heading', { level: 3 }),
  bulletList: editor.isActive('bulletList'),
  orderedList: editor.isActive('orderedList'),
  link: editor.isActive('link'),
  canUndo: editor.can().undo(),
  canRedo: editor.can().redo(),
});

interface Tool {
  key: string;
  label: string;
  /**
   * What the button shows; the aria-label names it. Text only where the name contains it
   * (B for Bold: WCAG 2.5.3 label in name); an icon where a text would not be in the name.
   */
  glyph: ReactNode;
  /** Toggles show aria-pressed from this state. */
  pressed?: keyof ToolState;
  disabled?: (state: ToolState) => boolean;
  run: (editor: Editor) => void;
}

export interface RichTextFieldProps extends BaseFieldProps<HtmlValue> {
  /** Minimum height of the content area, in lines of text. */
  rows?: number;
}

export function RichTextField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  rows = 8,
}: RichTextFieldProps) {
  const { input, id, error, aria } = useFormField<HtmlValue>(name, { validate, id: idProp, help });
  const form = useForm();
  const labelId = `${id}-label`;
  const [linkOpen, setLinkOpen] = useState(false);

  // The editor is created once; its callbacks reach the field's current handlers through refs.
  const field = useRef(input);
  useLayoutEffect(() => {
    field.current = input;
  });
  /** The HTML this editor last stored, to tell its own changes from outside ones. */
  const stored = useRef<HtmlValue>(input.value || undefined);
  /**
   * The value the form gave the editor, and the editor's own HTML of it. TipTap writes a document
   * its own way (a link gains rel="noopener noreferrer nofollow") and may report an update with
   * nothing edited (a click on a link, the editor becoming editable): an update whose HTML is the
   * editor's own HTML of the given value stores the given value as given (empty content loaded as
   * '' stays ''), so the form does not count it as a change.
   */
  const given = useRef<{ value: HtmlValue; html: HtmlValue } | null>(null);

  // Options kept stable across renders: TipTap compares them on every render and re-applies
  // changed ones to the editor.
  const [extensions] = useState(createExtensions);
  const [content] = useState(() => input.value ?? '');
  const [editorProps] = useState(() => ({
    attributes: {
      id,
      class: 'form-control rich-text-content',
      'aria-labelledby': labelId,
      'aria-multiline': 'true',
    },
  }));

  // Made once the field is mounted (null until then). With `immediatelyRender: true` TipTap
  // makes the editor during render and destroys it when the commit comes more than 1 ms later
  // (a route change rendered in a transition, a busy machine): the effects below would then
  // meet a destroyed editor and the field crash ("The editor view is not available").
  const editor = useEditor({
    injectCSS: false,
    immediatelyRender: false,
    editable: !disabled,
    extensions,
    content,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = valueOf(current);
      if (given.current !== null && html === given.current.html) {
        stored.current = given.current.value || undefined;
        // As given, past the field's parse (which stores '' as undefined).
        form.change(name, given.current.value);
      } else {
        stored.current = html;
        field.current.onChange(html);
      }
    },
    onFocus: () => field.current.onFocus(),
    onBlur: () => field.current.onBlur(),
  });

  // The editor's own HTML of the value it was made with.
  useEffect(() => {
    if (editor && given.current === null) {
      given.current = { value: formValueOf(form, name), html: valueOf(editor) };
    }
  }, [editor, form, name]);

  // A value set from outside (the form loading or resetting) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const value = input.value || undefined;
    if (value === stored.current) return;
    stored.current = value;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
    given.current = { value: formValueOf(form, name), html: valueOf(editor) };
  }, [editor, input.value, form, name]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // aria-invalid and aria-describedby change with the error; the editor's element gets them
  // (the wrapper's is-invalid class colours its border).
  useEffect(() => {
    if (!editor) return;
    const element = editor.view.dom;
    for (const [attribute, value] of Object.entries(aria)) {
      if (value === undefined) element.removeAttribute(attribute);
      else element.setAttribute(attribute, String(value));
    }
  }, [editor, aria]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => (current ? toolStateOf(current) : null),
  });

  if (!editor || !state) {
    // The first frame, before the editor exists: the label and an empty area of the same size.
    return (
      <Form.Group className={className ?? 'mb-3'}>
        <div id={labelId} className="form-label">
          {label}
        </div>
        <div
          className="form-control rich-text-content"
          aria-busy="true"
          style={{ ['--rich-text-rows' as string]: rows }}
        />
      </Form.Group>
    );
  }

  const tools: Tool[] = [
    {
      key: 'bold',
      label: RICH_TEXT_TEXT.bold,
      glyph: 'B',
      pressed: 'bold',
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: RICH_TEXT_TEXT.italic,
      glyph: 'I',
      pressed: 'italic',
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: RICH_TEXT_TEXT.underline,
      glyph: 'U',
      pressed: 'underline',
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'h2',
      label: RICH_TEXT_TEXT.heading2,
      glyph: <ToolIcon d={ICON.heading2} />,
      pressed: 'heading2',
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: RICH_TEXT_TEXT.heading3,
      glyph: <ToolIcon d={ICON.heading3} />,
      pressed: 'heading3',
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullets',
      label: RICH_TEXT_TEXT.bulletList,
      glyph: '•',
      pressed: 'bulletList',
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'numbers',
      label: RICH_TEXT_TEXT.orderedList,
      glyph: <ToolIcon d={ICON.orderedList} />,
      pressed: 'orderedList',
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'link',
      label: RICH_TEXT_TEXT.link,
      glyph: 'Link',
      pressed: 'link',
      run: () => setLinkOpen(true),
    },
    {
      key: 'unlink',
      label: RICH_TEXT_TEXT.unlink,
      glyph: <ToolIcon d={ICON.unlink} />,
      disabled: (s) => !s.link,
      run: (e) => e.chain().focus().extendMarkRange('link').unsetLink().run(),
    },
    {
      key: 'undo',
      label: RICH_TEXT_TEXT.undo,
      glyph: '↶',
      disabled: (s) => !s.canUndo,
      run: (e) => e.chain().focus().undo().run(),
    },
    {
      key: 'redo',
      label: RICH_TEXT_TEXT.redo,
      glyph: '↷',
      disabled: (s) => !s.canRedo,
      run: (e) => e.chain().focus().redo().run(),
    },
  ];

  return (
    <Form.Group className={className ?? 'mb-3'}>
      {/* Not a <label for>: the content area is not a form control a label can point at. */}
      <div id={labelId} className="form-label">
        {label}
      </div>
      <div className={`rich-text${error ? ' is-invalid' : ''}`}>
        <Toolbar
          label={RICH_TEXT_TEXT.toolbar(label)}
          controls={id}
          tools={tools}
          state={state}
          disabled={Boolean(disabled)}
          onRun={(tool) => tool.run(editor)}
        />
        {linkOpen ? (
          <LinkForm
            initial={editor.getAttributes('link').href as string | undefined}
            onApply={(href) => {
              applyLink(editor, href);
              setLinkOpen(false);
            }}
            onCancel={() => {
              setLinkOpen(false);
              editor.commands.focus();
            }}
          />
        ) : null}
        <EditorContent
          editor={editor}
          className="rich-text-area"
          // Lines of the body font; set through CSSOM, which the policy allows.
          style={{ ['--rich-text-rows' as string]: rows }}
        />
      </div>
      <FieldFeedback id={id} error={error} />
      <FieldHelp id={id} help={help} />
    </Form.Group>
  );
}

/** Sets the link on the selection, or inserts the address as a linked text when none is selected. */
function applyLink(editor: Editor, href: string): void {
  const chain = editor.chain().focus().extendMarkRange('link');
  if (editor.state.selection.empty && !editor.isActive('link')) {
    chain
      .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
      .run();
  } else {
    chain.setLink({ href }).run();
  }
}

interface ToolbarProps {
  label: string;
  controls: string;
  tools: readonly Tool[];
  state: ToolState;
  disabled: boolean;
  onRun(tool: Tool): void;
}

/** One tab stop; arrows, Home and End move between the buttons (WAI-ARIA toolbar pattern). */
function Toolbar({ label, controls, tools, state, disabled, onRun }: ToolbarProps) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tools.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className="rich-text-toolbar btn-toolbar gap-1 p-1 border border-bottom-0 rounded-top bg-body-tertiary"
      onKeyDown={onKeyDown}
    >
      {tools.map((tool, index) => {
        const pressed = tool.pressed ? state[tool.pressed] : undefined;
        return (
          <Button
            key={tool.key}
            ref={(element: HTMLButtonElement | null) => {
              buttons.current[index] = element;
            }}
            type="button"
            size="sm"
            variant={pressed ? 'secondary' : 'outline-secondary'}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={pressed}
            tabIndex={index === current ? 0 : -1}
            // aria-disabled keeps the button in the arrow-key order (WAI-ARIA toolbar).
            aria-disabled={disabled || tool.disabled?.(state) ? true : undefined}
            className={`rich-text-tool rich-text-tool-${tool.key}`}
            onFocus={() => setCurrent(index)}
            // Keep the editor's selection: the click must not move focus before the command.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (disabled || tool.disabled?.(state)) return;
              onRun(tool);
            }}
          >
            <span aria-hidden="true">{tool.glyph}</span>
          </Button>
        );
      })}
    </div>
  );
}

interface LinkFormProps {
  initial: string | undefined;
  onApply(href: string): void;
  onCancel(): void;
}

/** The address of a link, checked before it is set. Not a <form>: it sits inside the page's form. */
function LinkForm({ initial, onApply, onCancel }: LinkFormProps) {
  const [href, setHref] = useState(initial ?? 'https://');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const address = href.trim();
    if (!isSafeLinkHref(address)) {
      setInvalid(true);
      return;
    }
    onApply(address);
  };

  return (
    <div className="rich-text-link d-flex flex-wrap align-items-start gap-2 p-2 border border-bottom-0">
      <div className="flex-grow-1">
        <Form.Label htmlFor={inputId} className="visually-hidden">
          {RICH_TEXT_TEXT.linkAddress}
        </Form.Label>
        <Form.Control
          ref={inputRef}
          id={inputId}
          size="sm"
          type="url"
          placeholder={RICH_TEXT_TEXT.linkAddress}
          value={href}
          isInvalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply(event);
            else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onCancel();
            }
          }}
        />
        {invalid ? (
          <Form.Control.Feedback type="invalid" id={errorId} className="d-block">
            {RICH_TEXT_TEXT.badLink}
          </Form.Control.Feedback>
        ) : null}
      </div>
      <Button size="sm" variant="primary" onClick={() => apply()}>
        {RICH_TEXT_TEXT.applyLink}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={onCancel}>
        {RICH_TEXT_TEXT.cancelLink}
      </Button>
    </div>
  );
}
