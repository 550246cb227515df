// A purchase's cost per subscriber in the lists (issue 17). Kept out of dealTexts, which the entry chunk carries for
// every screen: only the lists read these.
export const costTexts = {
  // The order by cost per subscriber: the label says which end comes first.
  cheapestFirst: 'Сначала дешёвые',
  byCostPerSubscriber: 'по цене подписчика',
  costPerSubscriber: 'Цена подписчика',
  /** The table's short form, under the price (its column is 88 px at 360 px): '125 руб / за подп.'. */
  perSubscriber: 'за подп.',
  noSubscribersYet: 'Пока нет подписчиков',
  // The order by CPM (issue 36): a thousand views' price, the cheapest first as well.
  byCpm: 'по CPM',
  cpm: 'CPM',
};
