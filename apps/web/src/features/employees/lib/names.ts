/** 'Мария Ковалёва': first and second name as the team screens show them. */
export function fullName(person: { firstName: string; secondName: string }): string {
  return [person.firstName, person.secondName].filter(Boolean).join(' ');
}
