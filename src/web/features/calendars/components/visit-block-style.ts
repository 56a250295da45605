import type { ShownStatus } from './calendar-format';

/** A visit's colours on the calendar, by how it shows: held dashed, ended faded, canceled struck through. */
export const VISIT_BLOCK: Record<ShownStatus, string> = {
  held: 'border-amber-500 border-dashed bg-amber-50 text-amber-950',
  booked: 'border-sky-600 bg-sky-50 text-sky-950',
  confirmed: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  ended: 'border-slate-400 bg-white text-slate-600',
  completed: 'border-slate-400 bg-slate-100 text-slate-700',
  canceled: 'border-slate-300 bg-white text-slate-500 line-through',
  no_show: 'border-red-600 bg-red-50 text-red-950',
};

/** The status colour of a visit's left edge in the agenda list. */
export const VISIT_ACCENT: Record<ShownStatus, string> = {
  held: 'border-l-amber-500',
  booked: 'border-l-sky-600',
  confirmed: 'border-l-emerald-600',
  ended: 'border-l-slate-400',
  completed: 'border-l-slate-400',
  canceled: 'border-l-slate-300',
  no_show: 'border-l-red-600',
};
