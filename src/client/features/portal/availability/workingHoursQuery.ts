// What the working-hours form asks the server for, built in one place so the dashboard's loader and the form
// ask with the same input (the same query key).
export function workingHoursInput(salespersonId: number) {
  return { id: salespersonId };
}
