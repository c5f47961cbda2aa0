import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor.tsx';
import './html.css';

// The editor (Tiptap and ProseMirror) is a chunk of its own, fetched when a form first shows it,
// so the console's first load does not carry it.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** The rich-text editor, loaded on first use; `loading` shows meanwhile. */
export function LazyRichTextEditor({ loading, ...props }: RichTextEditorProps & { loading: string }) {
  return (
    <Suspense
      fallback={
        <div className="rte rte--loading" role="status">
          {loading}
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
