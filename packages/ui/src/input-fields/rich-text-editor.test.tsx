import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { editorAllowList, htmlTextLength, sanitiseHtml as sanitise } from './sanitise-html.ts';

/** The editor's sanitiser: the shared allow-list with the toolbar's tags. */
const sanitiseHtml = (html: string) => sanitise(html, editorAllowList);

describe('sanitiseHtml', () => {
  it('keeps allowed formatting', () => {
    expect(sanitiseHtml('<p>Hi <strong>there</strong> <em>you</em></p><ul><li>one</li></ul>')).toBe(
      '<p>Hi <strong>there</strong> <em>you</em></p><ul><li>one</li></ul>',
    );
  });

  it('removes scripts with their content', () => {
    expect(sanitiseHtml('<p>ok</p><script>alert(1)</script>')).toBe('<p>ok</p>');
  });

  it('drops event-handler attributes and dangerous elements', () => {
    expect(sanitiseHtml('<img src=x onerror="alert(1)"><p onclick="steal()">text</p>')).toBe(
      '<p>text</p>',
    );
    expect(
      sanitiseHtml(
        '<svg onload="alert(1)"><circle/></svg><iframe src="javascript:alert(1)"></iframe>',
      ),
    ).toBe('');
  });

  it('unwraps unknown tags and strips style and class', () => {
    expect(sanitiseHtml('<span style="color:red" class="x">red</span> <h1>big</h1>')).toBe(
      'red big',
    );
  });

  it('only keeps http, https, mailto and tel links, opened safely', () => {
    expect(sanitiseHtml('<a href="javascript:alert(1)">bad</a>')).toBe('bad');
    expect(sanitiseHtml('<a href="https://health.gov.au" onclick="x()">good</a>')).toBe(
      '<a href="https://health.gov.au" rel="noopener noreferrer" target="_blank">good</a>',
    );
  });

  it('turns contentEditable divs into paragraphs and escapes text', () => {
    expect(sanitiseHtml('<div>line &lt;script&gt;</div>')).toBe('<p>line &lt;script&gt;</p>');
  });

  it('counts visible text only', () => {
    expect(htmlTextLength('<p><strong>abc</strong>de</p>')).toBe(5);
  });
});

describe('RichTextEditor', () => {
  it('is a named multiline textbox with a named formatting toolbar', () => {
    renderWithCore(
      <RichTextEditor label="Service description" hint="Describe the service" maxLength={500} />,
    );
    const box = screen.getByRole('textbox', { name: /Service description/ });
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(box).toHaveAccessibleDescription(/Describe the service.*500 characters remaining/);
    const toolbar = screen.getByRole('toolbar', { name: 'Service description formatting' });
    for (const name of ['Bold', 'Italic', 'Underline', 'Bulleted list', 'Numbered list']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(toolbar).toBeInTheDocument();
  });

  it('shows sanitised initial content', () => {
    renderWithCore(
      <RichTextEditor label="Bio" defaultValue={'<p>Hello<img src=x onerror="alert(1)"></p>'} />,
    );
    const box = screen.getByRole('textbox', { name: /Bio/ });
    expect(box.innerHTML).toBe('<p>Hello</p>');
  });

  it('emits sanitised HTML and counts down the remaining characters', () => {
    const onChange = vi.fn();
    renderWithCore(<RichTextEditor label="Bio" onChange={onChange} maxLength={20} />);
    const box = screen.getByRole('textbox', { name: /Bio/ });
    box.innerHTML = '<p>Hi <b onclick="x()">you</b></p><script>bad()</script>';
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith('<p>Hi <b>you</b></p>');
    expect(screen.getByText('14 characters remaining')).toBeInTheDocument();
  });

  it('refuses an edit that goes over the maximum length', () => {
    const onChange = vi.fn();
    renderWithCore(<RichTextEditor label="Bio" onChange={onChange} maxLength={5} />);
    const box = screen.getByRole('textbox', { name: /Bio/ });
    box.innerHTML = 'abcde';
    fireEvent.input(box);
    box.innerHTML = 'abcdef';
    fireEvent.input(box);
    expect(box.innerHTML).toBe('abcde');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
  });
});
