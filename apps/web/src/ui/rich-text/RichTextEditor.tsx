import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  EDITOR_CHANGE_DEBOUNCE_MS,
  EDITOR_FONTS,
  EDITOR_HEADING_LEVELS,
  EDITOR_TABLE,
  isAllowedHref,
} from '@crm/shared';
import { TableKit } from '@tiptap/extension-table';
import { FontFamily, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Modal, Select, Tooltip } from 'antd';
import { type ReactNode, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './rich-text-editor.css';

type HeadingLevel = (typeof EDITOR_HEADING_LEVELS)[number];

/** What a form can ask the editor at submit time: its content now, without waiting for the debounce. */
export type RichTextEditorHandle = { flush: () => string; focus: () => void };

export type RichTextEditorProps = {
  /** The content the editor starts with (HTML); later changes of the prop are not applied while typing. */
  value?: string;
  /** Called 300 ms after the last change (spec 001 §9), and at once when the editor loses the focus. */
  onChange?: (html: string) => void;
  placeholder?: string;
  ariaLabel: string;
  ref?: Ref<RichTextEditorHandle>;
  'data-testid'?: string;
  status?: 'error';
  /** Given by antd's Form.Item to its control: it belongs on the textbox, not on the frame around it. */
  'aria-required'?: boolean | 'true' | 'false';
};

/** What assistive technology learns of the editable area: a multi-line textbox, its name and state. */
function textboxAttributes(
  ariaLabel: string,
  ariaRequired: RichTextEditorProps['aria-required'],
  status: RichTextEditorProps['status'],
): Record<string, string> {
  return {
    'aria-label': ariaLabel,
    role: 'textbox',
    'aria-multiline': 'true',
    ...(ariaRequired === true || ariaRequired === 'true' ? { 'aria-required': 'true' } : {}),
    ...(status === 'error' ? { 'aria-invalid': 'true' } : {}),
  };
}

/** An empty editor answers '', not '<p></p>', so that "required" rules see nothing. */
const contentOf = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML());

function ToolButton({
  label,
  icon,
  isActive = false,
  isDisabled = false,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  isActive?: boolean;
  isDisabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={isActive ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={isActive}
        disabled={isDisabled}
        // Keeps the selection in the editor when a button is pressed.
        onMouseDown={(event) => {
          event.preventDefault();
        }}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/**
 * The rich-text editor of the mailbox and the campaigns (TipTap): headings 1 to 6, the spec's fonts, bold,
 * italic, underline, strike, lists, links, and a 3×3 table with a header row (spec 001 §9). What it produces
 * is exactly what the server's sanitiser keeps (packages/shared mailbox/rich-text.ts).
 */
export function RichTextEditor({
  value = '',
  onChange,
  placeholder,
  ariaLabel,
  ref,
  status,
  'aria-required': ariaRequired,
  ...rest
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  useEffect(
    function followOnChange() {
      onChangeRef.current = onChange;
    },
    [onChange],
  );
  const [linkDraft, setLinkDraft] = useState<string | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [...EDITOR_HEADING_LEVELS] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => isAllowedHref(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      TextStyle,
      FontFamily,
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editorProps: { attributes: textboxAttributes(ariaLabel, ariaRequired, status) },
    onUpdate: ({ editor: current }) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onChangeRef.current?.(contentOf(current)), EDITOR_CHANGE_DEBOUNCE_MS);
    },
    onBlur: ({ editor: current }) => {
      clearTimeout(timer.current);
      onChangeRef.current?.(contentOf(current));
    },
  });

  useEffect(
    function followTextboxState() {
      editor.setOptions({ editorProps: { attributes: textboxAttributes(ariaLabel, ariaRequired, status) } });
    },
    [editor, ariaLabel, ariaRequired, status],
  );

  useEffect(function flushOnUnmount() {
    return () => {
      clearTimeout(timer.current);
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      flush: () => {
        clearTimeout(timer.current);
        const html = contentOf(editor);
        onChangeRef.current?.(html);
        return html;
      },
      focus: () => editor.commands.focus(),
    }),
    [editor],
  );

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading: EDITOR_HEADING_LEVELS.find((level) => current.isActive('heading', { level })) ?? 0,
      font: (current.getAttributes('textStyle').fontFamily as string | undefined)?.replace(/["']/g, '') ?? '',
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();
  const handleHeading = (level: number) => {
    if (level === 0) chain().setParagraph().run();
    else
      chain()
        .toggleHeading({ level: level as HeadingLevel })
        .run();
  };
  const handleFont = (font: string) => {
    if (font === '') chain().unsetFontFamily().run();
    else chain().setFontFamily(font).run();
  };
  const handleLink = () => {
    setLinkDraft((editor.getAttributes('link').href as string | undefined) ?? 'https://');
  };
  const handleLinkSave = () => {
    const href = (linkDraft ?? '').trim();
    if (href === '' || href === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    setLinkDraft(null);
  };
  const isLinkValid = linkDraft === null || linkDraft.trim() === '' || isAllowedHref(linkDraft.trim());

  return (
    <div className={`rich-text-editor${status === 'error' ? ' rich-text-editor-error' : ''}`} {...rest}>
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('ui.richText.toolbar')}>
        <Select
          size="small"
          className="rich-text-heading"
          style={{ width: 120 }}
          aria-label={t('ui.richText.style')}
          value={state.heading}
          onChange={handleHeading}
          options={[
            { value: 0, label: t('ui.richText.paragraph') },
            ...EDITOR_HEADING_LEVELS.map((level) => ({ value: level, label: t('ui.richText.heading', { level }) })),
          ]}
          popupMatchSelectWidth={false}
        />
        <Select
          size="small"
          className="rich-text-font"
          style={{ width: 150 }}
          aria-label={t('ui.richText.font')}
          value={state.font}
          onChange={handleFont}
          options={[
            { value: '', label: t('ui.richText.defaultFont') },
            ...EDITOR_FONTS.map((font) => ({ value: font, label: <span style={{ fontFamily: font }}>{font}</span> })),
          ]}
          popupMatchSelectWidth={false}
        />
        <Divider orientation="vertical" />
        <ToolButton
          label={t('ui.richText.bold')}
          icon={<BoldOutlined />}
          isActive={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          label={t('ui.richText.italic')}
          icon={<ItalicOutlined />}
          isActive={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          label={t('ui.richText.underline')}
          icon={<UnderlineOutlined />}
          isActive={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          label={t('ui.richText.strike')}
          icon={<StrikethroughOutlined />}
          isActive={state.strike}
          onClick={() => chain().toggleStrike().run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          label={t('ui.richText.bulletList')}
          icon={<UnorderedListOutlined />}
          isActive={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          label={t('ui.richText.orderedList')}
          icon={<OrderedListOutlined />}
          isActive={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton label={t('ui.richText.link')} icon={<LinkOutlined />} isActive={state.link} onClick={handleLink} />
        <ToolButton
          label={t('ui.richText.table')}
          icon={<TableOutlined />}
          onClick={() => chain().insertTable(EDITOR_TABLE).run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          label={t('ui.richText.undo')}
          icon={<UndoOutlined />}
          isDisabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          label={t('ui.richText.redo')}
          icon={<RedoOutlined />}
          isDisabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        />
      </div>
      <EditorContent editor={editor} className="rich-text-content" data-placeholder={placeholder} />
      <Modal
        open={linkDraft !== null}
        title={t('ui.richText.linkTitle')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !isLinkValid }}
        onOk={handleLinkSave}
        onCancel={() => {
          setLinkDraft(null);
        }}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label={t('ui.richText.linkAddress')}
          value={linkDraft ?? ''}
          status={isLinkValid ? undefined : 'error'}
          onChange={(event) => {
            setLinkDraft(event.target.value);
          }}
          onPressEnter={() => {
            if (isLinkValid) handleLinkSave();
          }}
        />
        {!isLinkValid && <div className="rich-text-link-error">{t('ui.richText.linkInvalid')}</div>}
      </Modal>
    </div>
  );
}
