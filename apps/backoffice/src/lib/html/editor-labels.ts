import { useTranslation } from 'react-i18next';
import type { RichTextLabels } from './rich-text-editor.tsx';

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

/** The editor's texts in the operator's language (`editor.*`, shared by every screen with the editor). */
export function useEditorLabels(): RichTextLabels {
  const { t } = useTranslation();
  return Object.fromEntries(KEYS.map((key) => [key, t(`editor.${key}`)])) as unknown as RichTextLabels;
}
