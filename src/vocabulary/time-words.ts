/**
 * Words around a time of day written after a date, one list per meaning and language: the word that
 * joins the time to the date ("at", "в", "um", "ساعت") and the marks of the two halves of the day
 * ("am"/"pm", Arabic ص/م, Persian ق.ظ/ب.ظ). Every list is matched on every page, whatever its language.
 * @module
 */

/** Words between a date and its time ("March 3, 2011 at 10:15", "3 марта 2011 в 10:15", "2010-يىلى 11-يانۋار سائەت 05:32"). */
export const TIME_JOINERS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  en: ['at'],
  ar: ['في', 'الساعة'],
  fa: ['ساعت'],
  ug: ['سائەت'],
  ru: ['в'],
  de: ['um'],
  fr: ['à'],
  es: ['a las'],
  it: ['alle'],
  pt: ['às'],
  tr: ['saat'],
});

/** Marks of the first half of the day, after the time ("10:15 am", Arabic "10:15 ص", Persian "10:15 ق.ظ"). */
export const BEFORE_NOON_MARKS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  en: ['am', 'a.m.'],
  ar: ['ص'],
  fa: ['ق.ظ'],
});

/** Marks of the second half of the day, after the time ("10:15 pm", Arabic "10:15 م", Persian "10:15 ب.ظ"). */
export const AFTERNOON_MARKS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  en: ['pm', 'p.m.'],
  ar: ['م'],
  fa: ['ب.ظ'],
});
