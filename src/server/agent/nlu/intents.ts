import { normalize } from './text.js';

/**
 * What the caller wants, from how people put it. Several can match one sentence ("can I talk
 * to someone about booking?"); they come back in priority order, so asking for a person wins.
 */
export const INTENTS = [
  'appointment',
  'change_appointment',
  'running_late',
  'request_status',
  'message',
  'callback',
  'human',
  'hours',
  'location',
  'practice_info',
  'clinical_question',
  'clinical_report',
  'do_not_call',
  'repeat',
  'are_you_human',
  'wrong_number',
  'language',
  'greeting',
  'thanks',
  'goodbye',
  // Nothing the practice's line handles, or not understandable: trained on, never acted on (the agent asks).
  'other',
] as const;
export type Intent = Exclude<(typeof INTENTS)[number], 'other'>;

const RULES: { intent: Intent; re: RegExp }[] = [
  {
    intent: 'do_not_call',
    re: /\b(stop calling|don'?t call me|do not call|never call|take me off|remove (me|my number)|off your (call(ing)? )?list|unsubscribe|no more calls|put me on (the|your) do not call)\b/,
  },
  {
    intent: 'callback',
    re: /\b(call me back|callback|call back|ring me back|have someone call|get back to me|give me a (call|ring)|return (my|a|the) call|(someone|somebody|anyone|a nurse|the nurse|the doctor|doctor|dr \w+|the office|you|they|she|he) (to )?(could |can |please )?(call|phone|ring) me|call me (about|regarding|with|when|tomorrow|later|today))\b/,
  },
  // Before the booking words: "running late for my appointment" is a message, never a new request.
  {
    intent: 'running_late',
    re: /\b(running (\w+ ){0,4}(late|behind)|(\w+ ){1,2}(minutes|mins) late|be(ing)? (a (little|bit) |\w+ (minutes|mins) )?late|going to be (a (little|bit) |\w+ (minutes|mins) )?late|gonna be (a (little|bit) |\w+ (minutes|mins) )?late|late for (my|our|the|his|her) (appointment|appt|visit)|stuck in traffic|on (my|our) way but)\b/,
  },
  {
    intent: 'human',
    // "Someone" unless it is someone to be seen by ("I need to see someone today", "someone to look at my knee" are visits).
    re: /\b(real person|live person|actual person|human|a person|(?<!\b(?:see|seen by|look at|check) )(?:someone|somebody)(?! (?:to )?(?:look at|take a look at|check (?:out|on)?|examine|see) (?:my|his|her|their|our|the|a|this|it|me|him|them))|representative|receptionist|operator|front desk|staff member|member of staff|live agent|customer service|not a (robot|machine|computer|recording)|transfer me|put me through|connect me|(talk|speak) (to|with) (a|the|an|your|dr|doctor|nurse|someone|somebody|anyone|reception|office|manager|agent)|(get|give) me (an |a )?(agent|rep)|^(an? )?(agent|rep)( please)?$|the nurse|nurse line|office manager|return(ing)? (a|your|the|their|his|her) (phone )?call|missed (a|your|the) call|(you|you guys|y'?all|your office|the office|someone|somebody|the doctor|the nurse|dr \w+) (just )?(called|call) me|got a (call|voicemail|message) from (you|your office|the office|this number|y'?all))\b/,
  },
  {
    intent: 'message',
    re: /\b(leave a message|take a message|leave (a )?message|pass (on|along) a message|give (a|them a) message|a message for|let (the )?(doctor|dr|nurse|office|front desk|practice|team|staff|them) know|tell (the )?(doctor|dr|nurse|office|front desk|practice|team|staff)|prescription|refill|refills|refilled|(to|at|from|my|our|his|her) (the )?pharmacy|call(ed)? in (a|my|the|his|her) (prescription|script|rx|meds)|(send|sent) (my|his|her|the) (meds|medication|medicine|prescription|script|rx)|renew (my|his|her) (medication|meds|prescription)|(meds|medication|medicine|pills|inhaler|prescription) (\w+ )?(refilled|renewed)|test results?|lab results?|blood work results|my results|results (of|from|for) (my|the|his|her)|(x ray|x-ray|xray|mri|ct scan|scan|biopsy|ultrasound|mammogram) results?|billing|my bill|a bill|invoice|insurance claim|(sick|doctor'?s|work|school) note|note for (work|school)|(medical )?records|referral|(school|sports|camp|work) forms?|fill out (a|my|the|his|her) forms?)\b/,
  },
  {
    intent: 'request_status',
    re: /\b(status|reference (code|number)|confirmation (code|number)|check on (my|a|the) (request|appointment)|heard back|follow(ing)? up on (my|a) request|did my (request|appointment)|my request|(online|web|website) (form|request)|filled out (the|a|your) form|(submitted|sent|made) (a|my|an) (request|appointment request)|did you (get|receive) my|checking on (my|an|the|a)|request (i|we) (made|sent|submitted)|(made|submitted|sent) online)\b/,
  },
  {
    intent: 'change_appointment',
    re: /\b((cancel|reschedule|re-schedule|move|change|push back|postpone)( \w+){0,3} (appointment|appt|visit|booking)|cancel (my|our|his|her|the) \w+|(have|need|want) to cancel|reschedule|(need|want|have|like) to (cancel|reschedule)|(can'?t|cannot|won'?t be able to|not going to be able to|unable to) (make|come to|attend) (it|my|our|the|his|her|tomorrow)|cancel(ar)? (mi|la|su) cita|cambiar (mi|la|su) cita|confirm(ing|ed)? (my|our|his|her|the|an|that) (\w+ )?(appointment|appt|visit)|(appointment|appt|visit) (\w+ ){0,6}confirm|(what time|when|what day) is (my|our|his|her|the) ([\w']+ )?(appointment|appt|visit)|do (i|we) (still )?have an? (appointment|appt)|confirmar (mi|la|su) cita)\b/,
  },
  {
    intent: 'appointment',
    re: /\b(appointment|appt|book|booking|schedule|see (a|the|dr|doctor|someone|the doctor)|checkup|check-up|check up|physical|come in|get in to see|bring (him|her|them|my \w+|the kids?|the baby) in|(get|be|being|getting) (seen|looked at|checked out)|(fit|squeeze|get) (me|him|her|them|us|my \w+) in|see (someone|somebody)|(someone|somebody|a doctor|the doctor|dr \w+|a nurse|the nurse) (to )?(look at|take a look at|check out|examine) (my|his|her|their|our|the|this)|(next|earliest|first) (available|opening)|sick visit|visit|consultation|new patient|vaccin\w*|flu shot|follow-up|follow up|(it'?s|this is|calling|it is) for my (son|daughter|child|kid|baby|boy|girl|little (boy|girl|one)|mother|mom|mum|father|dad|husband|wife|partner|grandmother|grandma|grandfather|grandpa|brother|sister|grandson|granddaughter)|my (little (girl|boy|one)|son|daughter|kid|child|baby|mother|mom|father|dad|husband|wife) needs to (be seen|come in|see))\b/,
  },
  { intent: 'hours', re: /\b(hours|open|opening|close|closing|closed|what time|when (are|do) you|are you (there|in)|weekend|saturday|sunday|holiday)\b/ },
  { intent: 'location', re: /\b(address|where are you|located|location|directions|how do i get|parking)\b/ },
  { intent: 'goodbye', re: /\b(bye|goodbye|good bye|that'?s all|that is all|that'?s it|that is it|nothing else|that'?s everything|that'?ll be all|that will be all|no thanks|no thank you|i'?m (all )?(good|set|done)|all set|hang up|have a (good|nice|great) (day|one))\b/ },
  { intent: 'thanks', re: /\b(thanks|thank you|cheers|appreciate)\b/ },
];

export function detectIntents(text: string): Intent[] {
  const t = normalize(text);
  return RULES.filter((r) => r.re.test(t)).map((r) => r.intent);
}

export function detectIntent(text: string): Intent | null {
  return detectIntents(text)[0] ?? null;
}
