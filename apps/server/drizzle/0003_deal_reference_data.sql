-- Reference lists of decisions D3 for deals, the same for every team. Fixed ids: sale statuses 1-7, purchase 11-16.
INSERT INTO "deal_statuses" ("id", "kind", "name", "position") VALUES
  (1, 'sale', 'Новая', 1),
  (2, 'sale', 'Согласована', 2),
  (3, 'sale', 'Ожидает оплаты', 3),
  (4, 'sale', 'Оплачена', 4),
  (5, 'sale', 'Опубликована', 5),
  (6, 'sale', 'Завершена', 6),
  (7, 'sale', 'Отменена', 7),
  (11, 'purchase', 'Новая', 1),
  (12, 'purchase', 'Согласована', 2),
  (13, 'purchase', 'Оплачена', 3),
  (14, 'purchase', 'Опубликована', 4),
  (15, 'purchase', 'Завершена', 5),
  (16, 'purchase', 'Отменена', 6);
--> statement-breakpoint
INSERT INTO "advertisement_types" ("id", "name") VALUES
  (1, 'Прямая реклама'),
  (2, 'Нативная реклама'),
  (3, 'Взаимопиар'),
  (4, 'Розыгрыш');
--> statement-breakpoint
INSERT INTO "advertisement_formats" ("id", "name") VALUES
  (1, 'Пост'),
  (2, 'Репост'),
  (3, 'Закреп'),
  (4, 'Пост + закреп'),
  (5, 'Сторис');
