import { useTranslation } from 'react-i18next';
import type { RichTextLabels } from '../../lib/html/RichTextEditor.tsx';

const KEYS = [
  'toolbar',
  'bold',
  'italic',
  'underline',
  'strike',
  'heading',
  'bulletList',
  'orderedList',
  'quote',
  'link',
  'linkPrompt',
  'unlink',
  'undo',
  'redo',
  'source',
] as const satisfies readonly (keyof RichTextLabels)[];

/** The editor's texts in the operator's language (`content.editor.*`). */
export function useEditorLabels(): RichTextLabels {
  const { t } = useTranslation();
  return Object.fromEntries(
    KEYS.map((key) => [key, t(`content.editor.${key}`)]),
  ) as unknown as RichTextLabels;
}
