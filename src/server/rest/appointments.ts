// REST paths of SPEC.md section 7 'Appointments and availability', each a thin call into the procedures.
import { Hono } from "hono";
import type { AppDeps } from "../context";
import type { AppEnv } from "../http/context";
import { answer, readJson, readJsonObject } from "./adapter";

export function appointmentRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();

  r.post("/appointments", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.appointments.book(body as never), 201);
  });
  r.get("/appointments/salesperson/:id", (c) =>
    answer(c, deps, (api) => api.appointments.forSalesperson({ id: c.req.param("id") as never })),
  );
  r.get("/appointments/salesperson/:id/:date", (c) =>
    answer(c, deps, (api) =>
      api.appointments.daySlots({ id: c.req.param("id") as never, date: c.req.param("date") }),
    ),
  );
  r.get("/appointments/customer", (c) =>
    answer(c, deps, (api) => api.appointments.forCustomer({ userId: c.req.query("userId") ?? "" })),
  );
  r.get("/appointments/customer/:uid", (c) =>
    answer(c, deps, (api) => api.appointments.forCustomer({ userId: c.req.param("uid") })),
  );
  r.post("/appointments/waitlist", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.appointments.joinWaitlist(body as never), 201);
  });
  r.patch("/appointments/:id", async (c) => {
    const body = await readJsonObject(c);
    return answer(c, deps, (api) =>
      api.appointments.updateStatus({ ...body, id: c.req.param("id") } as never),
    );
  });
  r.patch("/appointments/:id/cancel", async (c) => {
    const body = await readJsonObject(c);
    return answer(c, deps, (api) => api.appointments.cancel({ ...body, id: c.req.param("id") } as never));
  });
  r.post("/appointments/:id/reschedule", async (c) => {
    const body = await readJsonObject(c);
    return answer(c, deps, (api) => api.appointments.reschedule({ ...body, id: c.req.param("id") } as never));
  });

  r.post("/availability-blocks", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.availability.create(body as never), 201);
  });
  r.patch("/availability-blocks/:id", async (c) => {
    const body = await readJsonObject(c);
    return answer(c, deps, (api) => api.availability.update({ ...body, id: c.req.param("id") } as never));
  });
  r.delete("/availability-blocks/:id", (c) =>
    answer(c, deps, (api) => api.availability.remove({ id: c.req.param("id") as never })),
  );
  r.get("/availability-blocks/salesperson/:id", (c) =>
    answer(c, deps, (api) => api.availability.forSalesperson({ id: c.req.param("id") as never })),
  );

  return r;
}
