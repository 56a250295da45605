/** The three demo practices, in three time zones. Later features extend them with their records. */
export const DEMO_ORGANIZATIONS = [
  {
    key: 'maple',
    name: 'Maple Street Family Practice',
    slug: 'maple-street',
    timeZone: 'America/New_York',
    address: { line1: '214 Maple Street', city: 'Hartford', region: 'CT', postalCode: '06103', country: 'US' },
  },
  {
    key: 'harbor',
    name: 'Harbor Pediatrics',
    slug: 'harbor-pediatrics',
    timeZone: 'America/Los_Angeles',
    address: { line1: '88 Embarcadero Way', city: 'Oakland', region: 'CA', postalCode: '94607', country: 'US' },
  },
  {
    key: 'camden',
    name: 'Camden Road Surgery',
    slug: 'camden-road',
    timeZone: 'Europe/London',
    address: { line1: '12 Camden Road', city: 'London', region: '', postalCode: 'NW1 9DP', country: 'GB' },
  },
] as const;

export const DEMO_USERS = [
  { email: 'admin@switchboard.demo', name: 'Avery Admin', role: 'admin', orgs: [] },
  { email: 'supervisor@switchboard.demo', name: 'Sam Supervisor', role: 'supervisor', orgs: ['maple', 'harbor'] },
  { email: 'agent@switchboard.demo', name: 'Alex Agent', role: 'agent', orgs: ['maple'] },
  { email: 'developer@switchboard.demo', name: 'Devon Developer', role: 'developer', orgs: ['maple'] },
] as const;

