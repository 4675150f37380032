import type { Kysely, Selectable } from 'kysely';
import type { Person, PersonFields } from '../../protocol';
import type { Database, PeopleTable } from './schema';

/** The wire {@link Person} of a `people` row. */
export function toPerson(r: Selectable<PeopleTable>): Person {
  return {
    personId: r.person_id,
    projectId: r.project_id,
    name: r.name,
    beaconSn: r.beacon_sn,
    company: r.company,
    team: r.team,
    workType: r.work_type,
    phone: r.phone,
    gender: r.gender === 'male' || r.gender === 'female' ? r.gender : null,
    birthDate: r.birth_date,
    idNumber: r.id_number,
    realNameCardNo: r.real_name_card_no,
    address: r.address,
    position: r.position,
    entryDate: r.entry_date,
    leaveDate: r.leave_date,
    updatedAtMs: r.updated_at_ms,
  };
}

function personColumns(p: PersonFields) {
  return {
    name: p.name,
    beacon_sn: p.beaconSn,
    company: p.company,
    team: p.team,
    work_type: p.workType,
    phone: p.phone,
    gender: p.gender,
    birth_date: p.birthDate,
    id_number: p.idNumber,
    real_name_card_no: p.realNameCardNo,
    address: p.address,
    position: p.position,
    entry_date: p.entryDate,
    leave_date: p.leaveDate,
  };
}

/**
 * Registers `people` in `projectId` as changed at `nowMs` (person/add, and the seed's demo registry);
 * the people written, in the order given.
 * @throws the database's unique violation (code 23505) when a beacon is given twice in the project
 */
export async function insertPeople(db: Kysely<Database>, projectId: string, people: Array<PersonFields & { personId: string }>, nowMs: number): Promise<Person[]> {
  if (people.length === 0) return [];
  const rows = await db
    .insertInto('people')
    .values(people.map((p) => ({ project_id: projectId, person_id: p.personId, ...personColumns(p), updated_at_ms: nowMs })))
    .returningAll()
    .execute();
  return rows.map(toPerson);
}

/**
 * Changes the fields of person `personId` of `projectId` as of `nowMs`; the person, or undefined when
 * there is none.
 * @throws the database's unique violation (code 23505) when the beacon is another person's
 */
export async function updatePerson(db: Kysely<Database>, projectId: string, personId: string, fields: PersonFields, nowMs: number): Promise<Person | undefined> {
  const row = await db
    .updateTable('people')
    .set({ ...personColumns(fields), updated_at_ms: nowMs })
    .where('project_id', '=', projectId)
    .where('person_id', '=', personId)
    .returningAll()
    .executeTakeFirst();
  return row ? toPerson(row) : undefined;
}

/** Removes person `personId` of `projectId`; false when there is none. */
export async function deletePerson(db: Kysely<Database>, projectId: string, personId: string): Promise<boolean> {
  const r = await db.deleteFrom('people').where('project_id', '=', projectId).where('person_id', '=', personId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The people of `projectId` by name, at most `limit`. */
export async function listPeople(db: Kysely<Database>, projectId: string, limit: number): Promise<Person[]> {
  const rows = await db.selectFrom('people').selectAll().where('project_id', '=', projectId).orderBy('name').orderBy('person_id').limit(limit).execute();
  return rows.map(toPerson);
}

/** The person of `projectId` with that id, or wearing that beacon; undefined when there is none. */
export async function findPerson(db: Kysely<Database>, projectId: string, by: { personId: string } | { beaconSn: string }): Promise<Person | undefined> {
  let q = db.selectFrom('people').selectAll().where('project_id', '=', projectId);
  q = 'personId' in by ? q.where('person_id', '=', by.personId) : q.where('beacon_sn', '=', by.beaconSn);
  const row = await q.executeTakeFirst();
  return row ? toPerson(row) : undefined;
}

/** How many people `projectId` registers. */
export async function countPeople(db: Kysely<Database>, projectId: string): Promise<number> {
  const { count } = await db.selectFrom('people').where('project_id', '=', projectId).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/** Whether beacon `beaconSn` is worn by a person of `projectId` (other than `exceptPersonId`). */
export async function beaconTaken(db: Kysely<Database>, projectId: string, beaconSn: string, exceptPersonId?: string): Promise<boolean> {
  let q = db.selectFrom('people').select('person_id').where('project_id', '=', projectId).where('beacon_sn', '=', beaconSn);
  if (exceptPersonId) q = q.where('person_id', '!=', exceptPersonId);
  return (await q.executeTakeFirst()) !== undefined;
}
