// spec/02 §2: the presale badge shows only for presale goods whose performance (unlock) time is
// still ahead; a presale that has unlocked is an ordinary goods.
export function presaleAhead(goods: { is_presale: boolean; presale_performance_at: number | null }, now = Date.now()): boolean {
  return goods.is_presale && goods.presale_performance_at !== null && goods.presale_performance_at > now;
}
