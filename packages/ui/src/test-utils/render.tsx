import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Core } from '@ag.ds-next/react/core';

/** Renders a component inside AgDS Core, as the app does. */
export function renderWithCore(ui: ReactElement): RenderResult {
  return render(<Core>{ui}</Core>);
}
