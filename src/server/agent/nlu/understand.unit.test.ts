import { describe, expect, it } from 'vitest';
import { understand } from './understand.js';

/** The understanding step on sentences a review found mishandled (issue 26): each a kind of caller, not a phrasing to fit. */
describe('understand', () => {
  it.each([
    ['mi esposo tiene dolor en el pecho. no está bien.'],
    ["my husband has crushing chest pain. I don't think he is okay now"],
    ['my 2 month old has a fever, it started yesterday'],
    ['my toddler swallowed a button battery yesterday'],
    ["he took a bunch of my pills yesterday and he won't wake up"],
    ['on Tuesday he started slurring his words and his face is drooping'],
    ["she's having an allergic reaction and her epipen expired"],
    ['i just gave him his epipen and his lips are still swelling'],
    ['my daughter is having an asthma attack and her inhaler expired'],
    ['can the nurse call me back, my son took some of my pills by accident'],
    ['mi hijo se tomó unas de mis pastillas'],
  ])('escalates an emergency whatever else the sentence says: %s', (said) => {
    expect(understand(said).urgency.level).toBe('emergency');
  });

  it.each([
    ["I can't make it, something came up"],
    ["I'm out of my inhaler"],
    ['i need a refill on my epipen the one i have expires next month'],
    ['the school wants two epipens on file for my son'],
    ["her face isn't drooping or anything, it's a toothache on that side"],
    ["no, I'm not going to hurt myself, I'm just stressed about the bill"],
    ["he choked on a grape at lunch but coughed it right up and he's totally fine now"],
    ['my son took his medicine this morning and now he has a rash'],
  ])('does not send a routine caller to 911: %s', (said) => {
    expect(understand(said).urgency.level).not.toBe('emergency');
  });

  it('inside a task, an answer that is not about health raises nothing', () => {
    expect(understand('she is two weeks old', { openMoment: false }).urgency.level).toBe('none');
    expect(understand('the second one', { openMoment: false }).urgency.level).toBe('none');
  });

  it('asks a caller who wants a call-back about a symptom the screening question first: a call-back is not a person now', () => {
    expect(understand('hi can someone call me back, my husband is having a hard time catching his breath').urgency.level).toBe('screen');
    expect(understand('can you have someone call me back about my refill').urgency.level).toBe('none');
  });

  it('asks the screening question about a health problem that is neither routine nor clearly an emergency', () => {
    expect(understand('my son threw up twice this morning and has a tummy ache').urgency.level).toBe('screen');
    expect(understand('my daughter has had a cough for three days and I am wondering if I should worry').urgency.level).toBe('screen');
    expect(understand("I'd like to book a checkup for my mom, she had a heart attack in 2015 and has been fine since").urgency.level).not.toBe('emergency');
  });

  it('asks which one it is when it is not sure, and never names noise', () => {
    const noise = understand('purple monkey dishwasher');
    expect(noise.intent).toBeNull();
    expect(noise.alternatives).toEqual([]);
  });

  it('reads what callers want as they put it', () => {
    expect(understand('I want to book an appointment, my name is Jane Smith').intent).toBe('appointment');
    expect(understand('am I talking to a real person or a robot?').intent).toBe('are_you_human');
    expect(understand("is this Dr. Patel's dental office?").intent).toBe('wrong_number');
    expect(understand('necesito una cita para mi hijo la próxima semana').intent).toBe('appointment');
  });
});
