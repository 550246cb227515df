-- Reference lists of decisions D3, the same for every team. Fixed ids: the web app and tests may name them.
INSERT INTO "channel_roles" ("id", "name") VALUES
  (1, 'Администратор'),
  (2, 'Менеджер по продажам'),
  (3, 'Менеджер по закупкам'),
  (4, 'Контент-менеджер');
--> statement-breakpoint
INSERT INTO "salary_types" ("id", "name") VALUES
  (1, 'Фиксированный оклад'),
  (2, 'Процент от продаж'),
  (3, 'Процент от закупок'),
  (4, 'Оплата за пост');
--> statement-breakpoint
-- Each role gets the salary types that fit it; the role's own comes first (the picker preselects it).
INSERT INTO "channel_role_salary_types" ("role_id", "salary_type_id", "position") VALUES
  (1, 1, 1),
  (2, 2, 1), (2, 1, 2),
  (3, 3, 1), (3, 1, 2),
  (4, 4, 1), (4, 1, 2);
--> statement-breakpoint
INSERT INTO "payment_method_types" ("id", "name") VALUES
  (1, 'Банковская карта'),
  (2, 'СБП'),
  (3, 'ЮMoney'),
  (4, 'Криптовалюта (USDT)'),
  (5, 'Наличные');
