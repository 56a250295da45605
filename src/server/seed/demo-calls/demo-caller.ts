import { normalize } from '../../agent/nlu/text.js';
import { pick, sayDob, CALLBACK_REASONS, MESSAGES, type Persona, type Random } from './demo-personas.js';

/**
 * A scripted caller that answers whatever the agent asks, in character: the opening says what
 * they want; after that each reply is chosen from the agent's question (so the same caller works
 * whether the practice is open, closed, or transfers them). `null` hangs up.
 */
export type Opening = 'appointment' | 'hours' | 'message' | 'person' | 'callback' | 'status' | 'emergency' | 'silent' | 'location' | 'do_not_call' | 'confused' | 'hangs_up';

export type CallerMove = { say: string } | { silence: true } | { hangUp: true } | { transfer: 'completed' | 'no-answer' | 'busy' };

export class DemoCaller {
  private turns = 0;
  private corrected = false;
  private confusedOnce = false;
  private declinedOffer = false;

  constructor(
    private readonly r: Random,
    private readonly p: Persona,
    readonly opening: Opening,
    private readonly dayFirst: boolean,
    private readonly referenceCode: string | null,
  ) {}

  first(): CallerMove {
    switch (this.opening) {
      case 'appointment':
        return this.p.quirk === 'all_at_once'
          ? { say: `Hi, this is ${this.p.first} ${this.p.last}, I'd like to book ${this.p.reason}, my date of birth is ${sayDob(this.r, this.p, this.dayFirst)}` }
          : { say: pick(this.r, ["I'd like to make an appointment", 'Hi, I need to book an appointment', 'Can I schedule a visit with the doctor?', "I'm calling to set up an appointment"]) };
      case 'hangs_up':
        return { say: 'Hi, I want to book an appointment' };
      case 'hours':
        return { say: pick(this.r, ['What are your hours?', 'Are you open on Saturday?', 'What time do you close today?']) };
      case 'message':
        return { say: pick(this.r, ['I want to leave a message for the doctor', 'Can you take a message?', 'I need a prescription refill']) };
      case 'person':
        return { say: pick(this.r, ['Can I speak to a real person please?', 'Let me talk to the front desk', 'Can you transfer me to someone?']) };
      case 'callback':
        return { say: `Can someone call me back about ${pick(this.r, CALLBACK_REASONS)}?` };
      case 'status':
        return { say: 'I am calling to check on the status of my appointment request' };
      case 'emergency':
        return { say: pick(this.r, ['My husband has chest pain and he is sweating', "My daughter can't breathe properly", 'My father’s face is drooping and his speech is slurred']) };
      case 'silent':
        return { silence: true };
      case 'location':
        return { say: pick(this.r, ['Where are you located?', 'What is your address?']) };
      case 'do_not_call':
        return { say: 'Please stop calling me and take me off your list' };
      case 'confused':
        return { say: 'uh, the thing from yesterday' };
    }
  }

  /** The reply to what the agent just said. */
  next(agent: string, transferring: boolean): CallerMove {
    this.turns++;
    if (this.turns > 16) return { hangUp: true };
    if (transferring) return { transfer: this.r() < 0.7 ? 'completed' : 'no-answer' };
    const a = normalize(agent);
    const p = this.p;
    if (this.opening === 'silent') return { silence: true };
    if (this.opening === 'hangs_up' && this.turns >= 2) return { hangUp: true };
    if (this.opening === 'confused' && !this.confusedOnce) {
      this.confusedOnce = true;
      return { say: 'I mean the other thing' };
    }
    if (/try again/.test(a)) return { say: 'No thanks' };
    if (/anything else/.test(a)) return { say: pick(this.r, ["No, that's all. Thank you!", 'No thanks, bye', 'That is everything, goodbye']) };
    if (/is that all correct|please say yes or no/.test(a)) return { say: 'Yes, that is correct' };
    // A practice that books directly offers open times (issue 31 §3): most callers take one, a few
    // turn the first ones down and take one of the others.
    if (/which would you like|would that suit you/.test(a)) {
      if (!this.declinedOffer && this.r() < 0.15) {
        this.declinedOffer = true;
        return { say: pick(this.r, ["None of those work for me, sorry", 'Do you have anything else?']) };
      }
      return { say: /would that suit you/.test(a) ? 'Yes, that works' : pick(this.r, ['The first one, please', "I'll take the second one", 'The first one works']) };
    }
    if (/call you back\?|someone to call you back/.test(a)) return { say: pick(this.r, ['Yes please', 'Sure', 'No, I will call again later']) };
    if (/first and last name|who is the message from/.test(a)) return { say: p.quirk === 'spells' ? `${p.first} ${p.last}, ${p.last.toUpperCase().split('').join('-')}` : `${p.first} ${p.last}` };
    if (/last name/.test(a)) return { say: p.last };
    if (/what year/.test(a)) return { say: String(p.dob.year) };
    if (/date of birth/.test(a)) {
      // A caller who corrects themselves first gives the wrong day.
      const wrongDay = p.quirk === 'corrects_day' && !this.corrected ? (p.dob.day % 28) + 1 : p.dob.day;
      return { say: sayDob(this.r, p, this.dayFirst, wrongDay) };
    }
    if (/got it, .*(19|20)\d\d\. what's the reason/.test(a) && p.quirk === 'corrects_day' && !this.corrected) {
      this.corrected = true;
      return { say: `No, the ${p.dob.day}${suffix(p.dob.day)}` };
    }
    if (/reason for the visit/.test(a)) return { say: p.reason };
    if (/been seen at/.test(a)) return { say: p.newPatient ? 'No, this is my first time' : 'Yes' };
    if (/days or times/.test(a)) return { say: p.prefs };
    if (/best number|the best number to call|number for a reply/.test(a)) return { say: 'yes' };
    if (/pass on/.test(a)) return { say: pick(this.r, MESSAGES) };
    if (/what is the call about/.test(a)) return { say: pick(this.r, CALLBACK_REASONS) };
    if (/what's the reference code|reference code of your request/.test(a)) return this.referenceCode ? { say: this.referenceCode.replace('-', '').split('').join(' ') } : { say: "I don't have it with me" };
    if (/member of staff, or take a message/.test(a)) return { say: 'Take a message please' };
    if (/didn't quite catch|didn't catch/.test(a)) return { say: pick(this.r, ['I want to leave a message', 'Can I talk to someone?']) };
    return { hangUp: true };
  }
}

function suffix(n: number): string {
  return n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
}
