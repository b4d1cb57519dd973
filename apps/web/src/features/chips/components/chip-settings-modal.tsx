import { chipsFormat, chipsParse, type Chip } from '@backlay/domain';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../ui/modal';
import { useChips } from '../api/get-chips';
import { useUpdateChips } from '../api/update-chips';
import styles from './chip-settings-modal.module.css';

interface Row {
  readonly name: string;
  readonly value: string;
}

const rowsOf = (chips: readonly Chip[]): Row[] =>
  chips.map((chip) => ({ name: chip.name, value: String(chip.value) }));

/**
 * Edit Stake (docs/product.md#screens user menu, the slip's Edit Stack link): each chip's name and value. Saved
 * as the comma-separated pair of docs/product.md#entities once the domain reads it back; the server's answer is
 * toasted ('Chip updated successfully !!', then the chips reload — docs/product.md#errors) or its refusal shown.
 */
export function ChipSettingsModal({ onClose }: { onClose: () => void }) {
  const chips = useChips();
  const loaded = chips.data?.ok ? chips.data.chips : null;
  return (
    <Modal title="Edit Stake" onClose={onClose}>
      {loaded === null ? (
        <p className={styles.note}>
          {chips.isPending
            ? 'Loading…'
            : (chips.data?.ok === false && chips.data.message) || 'No data available'}
        </p>
      ) : (
        <ChipForm initial={rowsOf(loaded)} onSaved={onClose} />
      )}
    </Modal>
  );
}

function ChipForm({ initial, onSaved }: { initial: readonly Row[]; onSaved: () => void }) {
  const [rows, setRows] = useState(initial);
  const update = useUpdateChips();
  const edit = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    // The domain reads the pair as the server will, and writes it in its canonical form.
    const parsed = chipsParse({
      ChipName: rows.map((row) => row.name.trim()).join(','),
      ChipValue: rows.map((row) => row.value.trim()).join(','),
    });
    const settings = parsed.ok ? chipsFormat(parsed.chips) : parsed;
    if (!settings.ok) {
      toast.error(settings.message);
      return;
    }
    try {
      const answer = await update.mutateAsync(settings.settings);
      if (answer.Status) {
        toast.success(answer.Result);
        onSaved();
      } else {
        toast.error(answer.Result);
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Chips not saved');
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Chip Name</th>
            <th scope="col">Chip Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>
                <input
                  aria-label={`Chip ${index + 1} name`}
                  value={row.name}
                  maxLength={20}
                  // A comma would split the name in two (docs/product.md#entities pairs names by position).
                  onChange={(event) => edit(index, { name: event.target.value.replace(/,/g, '') })}
                />
              </td>
              <td>
                <input
                  aria-label={`Chip ${index + 1} value`}
                  inputMode="numeric"
                  value={row.value}
                  maxLength={10}
                  onChange={(event) => edit(index, { value: event.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="submit" className={styles.save} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
