/** A count with its noun: "1 day", "3 days" (the number in the reader's locale). */
export const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString()} ${many}`);
