-- The payroll screen's month (issue 38, docs/decisions/033): the month's rows of the pay roll-up for the whole team
-- side by side with their amounts, so the bases of every role are one range of this index read in order and joined,
-- instead of a probe of the roll-up's key per role (425 at the benchmark's scale: 3.7 ms of PostgreSQL's time against
-- 1.5). The amount follows the unique key as an INCLUDE would (drizzle cannot write one); the roll-up's rows were
-- never updated in place (HOT) to begin with, so the index adds one entry to what a payment's write already makes.
CREATE INDEX "pay_received_team_period_idx" ON "pay_received" USING btree ("team_id","unit","start","employee_id","channel_id","kind","amount");