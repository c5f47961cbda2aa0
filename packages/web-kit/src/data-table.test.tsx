import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, FilterBar, Pager } from './data-table.tsx';

afterEach(cleanup);

type TRow = { id: number; name: string };
const COLUMNS = [
  { key: 'id', header: 'No.', className: 'num', cell: (row: TRow) => row.id },
  { key: 'name', header: 'Name', cell: (row: TRow) => row.name },
];

describe('the data table', () => {
  it('shows a row per item, the empty text once there are none, and nothing while loading', () => {
    const { rerender } = render(
      <DataTable columns={COLUMNS} rows={undefined} rowKey={(r) => r.id} empty="Nothing yet" />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(1);
    rerender(<DataTable columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="Nothing yet" />);
    expect(screen.getByText('Nothing yet').getAttribute('colspan')).toBe('2');
    rerender(
      <DataTable
        columns={COLUMNS}
        rows={[{ id: 4, name: 'four' }]}
        rowKey={(r) => r.id}
        empty="Nothing yet"
      />,
    );
    expect(screen.getByText('four')).toBeTruthy();
    expect(screen.getByText('4').className).toBe('num');
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });

  it("shows a row's detail under it, across the columns, only when it gives one", () => {
    render(
      <DataTable
        columns={COLUMNS}
        rows={[
          { id: 1, name: 'one' },
          { id: 2, name: 'two' },
        ]}
        rowKey={(r) => r.id}
        empty="Nothing yet"
        detail={(r) => r.id === 2 && `more of ${r.name}`}
        detailClassName="open"
      />,
    );
    const cell = screen.getByText('more of two');
    expect(cell.getAttribute('colspan')).toBe('2');
    expect(cell.parentElement?.className).toBe('open');
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'No.Name',
      '1one',
      '2two',
      'more of two',
    ]);
  });

  it('applies the filter draft trimmed, and clears it', () => {
    const onApply = vi.fn();
    render(
      <FilterBar
        fields={['who', 'what'] as const}
        applied={{ who: 'a', what: '' }}
        onApply={onApply}
        searchLabel="Search"
        resetLabel="Clear"
      >
        {(input) => (
          <>
            <input aria-label="Who" {...input('who')} />
            <input aria-label="What" {...input('what')} />
          </>
        )}
      </FilterBar>,
    );
    expect((screen.getByLabelText('Who') as HTMLInputElement).value).toBe('a');
    fireEvent.change(screen.getByLabelText('What'), { target: { value: ' b ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onApply).toHaveBeenLastCalledWith({ who: 'a', what: 'b' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenLastCalledWith({ who: '', what: '' });
    expect((screen.getByLabelText('Who') as HTMLInputElement).value).toBe('');
  });

  it('pages within the first and the last page', () => {
    const onPage = vi.fn();
    const labels = { previous: 'Prev', next: 'Next', page: '1 / 2' };
    render(<Pager page={1} pages={2} onPage={onPage} labels={labels} />);
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
