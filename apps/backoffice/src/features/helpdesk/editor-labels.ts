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

/** The editor's texts in the operator's language (`helpdesk.editor.*`). */
export function useEditorLabels(): RichTextLabels {
  const { t } = useTranslation();
  return Object.fromEntries(
    KEYS.map((key) => [key, t(`helpdesk.editor.${key}`)]),
  ) as unknown as RichTextLabels;
}
