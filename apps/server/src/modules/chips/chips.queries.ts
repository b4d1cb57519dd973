import type { Db } from '../../db/pool.js';

export async function readChips(db: Db, clientId: string) {
  return db
    .selectFrom('chip_settings')
    .select(['chip_names', 'chip_values'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function writeChips(
  db: Db,
  clientId: string,
  names: string,
  values: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('chip_settings')
    .values({ client_id: clientId, chip_names: names, chip_values: values, updated_at: at })
    .onConflict((oc) =>
      oc
        .column('client_id')
        .doUpdateSet({ chip_names: names, chip_values: values, updated_at: at }),
    )
    .execute();
}
