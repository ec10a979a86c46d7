import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReasoningPane } from '../../../src/features/chat/components/reasoning-pane';
import { Transcript } from '../../../src/features/chat/components/transcript';
import type { ConversationMessage } from '../../../src/lib/chat';
import { mockActions } from './mock-actions';

describe('details of a reply', () => {
  it('shows thinking without literal code fences or backticks', () => {
    const text = 'Check the unit first:\n```python\ncelsius = 21\n```\nThen call `get_weather` again.';
    render(<ReasoningPane reasoning={{ text, tokens: 20, startedAt: 0, endedAt: 1 }} live={false} />);
    const pane = screen.getByRole('region', { name: 'Thinking' });
    expect(pane).toHaveTextContent('celsius = 21');
    expect(pane).toHaveTextContent('Then call get_weather again.');
    expect(pane.textContent).not.toContain('`');
  });

  it('names the function a function message is the result of', () => {
    const messages: ConversationMessage[] = [
      { id: 'u', role: 'user', content: 'Weather?', createdAt: 0 },
      { id: 'f', role: 'function', name: 'get_weather', content: '{"celsius": 21}', createdAt: 1 },
    ];
    render(
      <Transcript
        messages={messages}
        busy={false}
        blocked={null}
        editingId={null}
        rendering={{ plain: true, jsonMode: false }}
        actions={mockActions()}
      />,
    );
    const row = screen.getByRole('listitem', { name: 'function message 2' });
    expect(within(row).getByText('get_weather')).toBeVisible();
  });

  it('breaks table cells between words, never inside one, while a table streams in', () => {
    // jsdom applies no stylesheet: the rule is read from the file the replies are styled by.
    const css = readFileSync('src/components/markdown/markdown.css', 'utf8');
    const cells = /\.md-body th,\s*\.md-body td\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(cells).toMatch(/overflow-wrap:\s*normal/);
    expect(cells).toMatch(/word-break:\s*normal/);
  });
});
