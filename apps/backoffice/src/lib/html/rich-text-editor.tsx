import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { sanitizeHtml } from './sanitize.ts';

/** The toolbar's and the mode switch's texts (each screen passes its own translations). */
export interface RichTextLabels {
  toolbar: string;
  bold: string;
  italic: string;
  underline: string;
  strike: string;
  heading: string;
  bulletList: string;
  orderedList: string;
  quote: string;
  link: string;
  linkPrompt: string;
  unlink: string;
  undo: string;
  redo: string;
  source: string;
}

export interface RichTextEditorProps {
  /** Sanitized HTML (what the server stores). */
  value: string;
  /** Called with the editor's HTML after the sanitizer: the only HTML that leaves the editor. */
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  labels: RichTextLabels;
  id?: string;
}

type Mark = 'bold' | 'italic' | 'underline' | 'strike';

/**
 * The rich-text editor of operator HTML (Tiptap over ProseMirror, StarterKit: paragraphs, headings,
 * lists, quotes, marks, links). HTML comes in through the sanitizer and goes out through it, so
 * whatever was pasted or typed in the HTML view, the form only ever holds HTML the server's policy
 * keeps. The HTML view edits the markup itself (for what the toolbar lacks: inline styles, images
 * by URL); it is sanitized when the operator leaves the field. Loaded lazily (LazyRichTextEditor).
 */
export default function RichTextEditor({ value, onChange, label, labels, id }: RichTextEditorProps) {
  // The HTML this editor last handed out or took in: a `value` different from it came from outside.
  const last = useRef<string>('');
  const [source, setSource] = useState(false);
  const [draft, setDraft] = useState(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: [], defaultProtocol: 'https' },
      }),
    ],
    content: '',
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'rte__area',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => {
      const html = sanitizeHtml(changed.getHTML());
      last.current = html;
      onChange(html);
    },
  });

  useEffect(() => {
    if (!editor || value === last.current) return;
    last.current = value;
    editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      heading: e?.isActive('heading', { level: 3 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  function run(command: (e: Editor) => void) {
    if (editor) command(editor);
  }
  const mark = (name: Mark) =>
    run((e) => {
      const chain = e.chain().focus();
      if (name === 'bold') chain.toggleBold().run();
      else if (name === 'italic') chain.toggleItalic().run();
      else if (name === 'underline') chain.toggleUnderline().run();
      else chain.toggleStrike().run();
    });

  function setLink() {
    run((e) => {
      const current = (e.getAttributes('link').href as string | undefined) ?? 'https://';
      const href = window.prompt(labels.linkPrompt, current)?.trim();
      if (!href) return;
      // The sanitizer decides what stays: a `javascript:` link is dropped from the output.
      e.chain().focus().extendMarkRange('link').setLink({ href }).run();
    });
  }

  function leaveSource() {
    const clean = sanitizeHtml(draft);
    setDraft(clean);
    if (clean !== last.current) {
      last.current = clean;
      editor?.commands.setContent(clean, { emitUpdate: false });
      onChange(clean);
    }
  }

  const button = (key: keyof typeof active, text: string, action: () => void) => (
    <button
      type="button"
      className="rte__btn"
      aria-pressed={active?.[key] ?? false}
      disabled={source}
      onClick={action}
    >
      {text}
    </button>
  );

  return (
    <div className="rte">
      {/* A press on a tool keeps the caret in the text (the next keystroke lands where it was). */}
      <div
        className="rte__toolbar"
        role="toolbar"
        aria-label={labels.toolbar}
        onMouseDown={(event) => {
          if (event.target instanceof HTMLButtonElement) event.preventDefault();
        }}
      >
        {button('bold', labels.bold, () => mark('bold'))}
        {button('italic', labels.italic, () => mark('italic'))}
        {button('underline', labels.underline, () => mark('underline'))}
        {button('strike', labels.strike, () => mark('strike'))}
        {button('heading', labels.heading, () =>
          run((e) => e.chain().focus().toggleHeading({ level: 3 }).run()),
        )}
        {button('bulletList', labels.bulletList, () =>
          run((e) => e.chain().focus().toggleBulletList().run()),
        )}
        {button('orderedList', labels.orderedList, () =>
          run((e) => e.chain().focus().toggleOrderedList().run()),
        )}
        {button('quote', labels.quote, () => run((e) => e.chain().focus().toggleBlockquote().run()))}
        {button('link', labels.link, setLink)}
        <button
          type="button"
          className="rte__btn"
          disabled={source}
          onClick={() => run((e) => e.chain().focus().unsetLink().run())}
        >
          {labels.unlink}
        </button>
        <button
          type="button"
          className="rte__btn"
          disabled={source}
          onClick={() => run((e) => e.chain().focus().undo().run())}
        >
          {labels.undo}
        </button>
        <button
          type="button"
          className="rte__btn"
          disabled={source}
          onClick={() => run((e) => e.chain().focus().redo().run())}
        >
          {labels.redo}
        </button>
        <label className="rte__source">
          <input
            type="checkbox"
            checked={source}
            onChange={(event) => {
              if (event.target.checked) setDraft(last.current);
              else leaveSource();
              setSource(event.target.checked);
            }}
          />
          {labels.source}
        </label>
      </div>
      {source ? (
        <textarea
          className="rte__source-area"
          aria-label={label}
          spellCheck={false}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={leaveSource}
        />
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}
