// Operator's tool: `npm run admin -- <command>` at the repository root. Uses the same settings as the server
// (DATA_DIR or DATABASE_URL). With the embedded PGlite, stop the server first: one process at a time owns its folder.

import { paidTariffIds } from '@addesk/contract';
import { asc, eq, ilike, isNull, or } from 'drizzle-orm';
import { openDatabase } from './db/client.js';
import { accounts, employees } from './db/schema/index.js';
import { loadConfig } from './env.js';
import { AppError } from './lib/app-error.js';
import { dayOf } from './lib/dates.js';
import { getCurrentTariff, grantTariff } from './modules/tariff/tariff.service.js';
import { findTimeZone } from './modules/team/index.js';

const USAGE = `Использование: npm run admin -- <команда>

Команды:
  users [поиск]                              владельцы команд (id, имя, способ входа, тариф); поиск по имени
  grant-tariff <id> <тариф> [--months N]     подключить платный тариф владельцу команды с этим id
                                             тарифы: ${paidTariffIds.join(', ')}; срок по умолчанию — из каталога

Пример: npm run admin -- grant-tariff 12 setka-10 --months 6`;

async function main(args: string[]) {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') return console.log(USAGE);
  const database = await openDatabase(loadConfig().database);
  try {
    await database.migrate();
    const { db } = database;
    if (command === 'users') {
      const search = rest[0] ? `%${rest[0]}%` : undefined;
      const rows = await db
        .select({
          id: employees.id,
          teamId: employees.teamId,
          firstName: employees.firstName,
          secondName: employees.secondName,
          provider: accounts.provider,
          subject: accounts.subject,
        })
        .from(employees)
        .leftJoin(accounts, eq(accounts.userId, employees.userId))
        .where(
          search
            ? or(ilike(employees.firstName, search), ilike(employees.secondName, search))
            : isNull(employees.managerId),
        )
        .orderBy(asc(employees.id))
        .limit(100);
      for (const row of rows) {
        const tariff = await getCurrentTariff(db, { teamId: row.teamId, employeeId: row.id });
        // The last day as the team sees it: in its own zone, not UTC's.
        const tariffText =
          tariff.tariff && tariff.endsAt
            ? `${tariff.tariff.name} до ${dayOf(new Date(tariff.endsAt), await findTimeZone(db, row.teamId))}`
            : 'без тарифа';
        console.log(
          `${row.id}\t${row.firstName} ${row.secondName}\t${row.provider ?? '-'}:${row.subject ?? '-'}\t${tariffText}`,
        );
      }
      if (rows.length === 0) console.log('Никого не нашлось');
      return;
    }
    if (command === 'grant-tariff') {
      const [idText, tariff, flag, monthsText] = rest;
      const id = Number(idText);
      const months = flag === '--months' ? Number(monthsText) : undefined;
      if (
        !Number.isInteger(id) ||
        !tariff ||
        (months !== undefined && !(Number.isInteger(months) && months > 0))
      ) {
        console.error(USAGE);
        process.exitCode = 2;
        return;
      }
      const [master] = await db
        .select({ id: employees.id, teamId: employees.teamId, managerId: employees.managerId })
        .from(employees)
        .where(eq(employees.id, id));
      if (!master || master.managerId !== null) {
        console.error(`Владелец команды с id ${id} не найден (посмотрите: npm run admin -- users)`);
        process.exitCode = 1;
        return;
      }
      const result = await grantTariff(
        db,
        { teamId: master.teamId, employeeId: master.id },
        tariff as never,
        months,
      );
      console.log(
        `Тариф ${tariff} подключён до ${dayOf(result.endsAt, await findTimeZone(db, master.teamId))}` +
          (result.referrerRewarded ? '; пригласившему продлён тариф на 7 дней' : ''),
      );
      return;
    }
    console.error(`Неизвестная команда «${command}»\n\n${USAGE}`);
    process.exitCode = 2;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main(process.argv.slice(2));
