// /staff/cars: the cars of the fleet by plate, with the CMS vehicle type each counts as, its seats,
// registration expiry and whether it is active; a form to add one, and the same form to change one
// (?edit=<plate id>). A plate is a car's identity: a car re-plated is added anew and the old entry
// made inactive. Every change is one audit entry. Another visitor gets the plain 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { FormAlert, SubmitButton, TextField } from '~/components/form-field';
import { ActiveField, ChoiceField, FinishedNotice } from '~/components/staff-dispatch';
import { StaffTable } from '~/components/staff-table';
import { carFormSchema } from '~/dispatch/dispatch-forms';
import { getDispatchSettings } from '~/dispatch/dispatch-settings.server';
import { carsAction } from '~/dispatch/fleet-records.server';
import { useSiteForm } from '~/forms/use-site-form';
import { requireStaff } from '~/staff/staff-access.server';
import { getDispatchStore } from '~/store/store.server';
import { longDate } from '~/utils/booking-format';
import type { StylesHandle } from '~/utils/route-styles';
import formsStyles from '~/styles/forms.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [formsStyles] };

export const meta: MetaFunction = () => [
  { title: 'Cars | Operations' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [cars, settings] = await Promise.all([
    getDispatchStore().listCars(),
    getDispatchSettings(),
  ]);
  const typeTitle = (id: string) =>
    settings.vehicleTypes.find((type) => type.id === id)?.title ??
    'Vehicle type no longer in the CMS';
  const editId = new URL(request.url).searchParams.get('edit');
  const editing = cars.find((car) => car.id === editId) ?? null;
  return {
    vehicleTypes: settings.vehicleTypes
      .filter((type) => !type.archived)
      .map((type) => ({ value: type.id, label: type.title })),
    cars: cars.map((car) => ({
      id: car.id,
      plate: car.plate,
      makeModel: car.makeModel,
      type: typeTitle(car.vehicleTypeId),
      seats: car.seats,
      registration: longDate(car.registrationExpiry),
      active: car.active,
    })),
    editing: editing && {
      id: editing.id,
      plate: editing.plate,
      version: editing.updatedAt,
      values: {
        plate: editing.plate,
        makeModel: editing.makeModel,
        vehicleTypeId: editing.vehicleTypeId,
        seats: String(editing.seats),
        registrationExpiry: editing.registrationExpiry,
        ...(editing.active ? { active: 'on' } : {}),
      },
    },
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return carsAction({ request, context });
}

function CarForm({
  editing,
  vehicleTypes,
}: {
  editing: { id: string; plate: string; values: Record<string, string> } | null;
  vehicleTypes: { value: string; label: string }[];
}) {
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'car',
    schema: carFormSchema,
    defaultValue: editing?.values ?? { active: 'on' },
  });
  const title = editing ? `Change car ${editing.plate}` : 'Add a car';
  return (
    <section className="booking-card" aria-labelledby="car-form-title">
      <h2 id="car-form-title">{title}</h2>
      <Form method="post" className="form" aria-labelledby="car-form-title" {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="intent" value="save-car" />
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="plate" value={editing.plate} />
            <p>Registration plate {editing.plate}</p>
          </>
        ) : (
          <TextField
            field={fields.plate}
            label="Registration plate"
            hint="As on the car, for example 123 ABC"
            autoComplete="off"
          />
        )}
        <TextField field={fields.makeModel} label="Make and model" autoComplete="off" />
        <ChoiceField
          field={fields.vehicleTypeId}
          label="Counts as vehicle type"
          placeholder="Choose a vehicle type"
          options={vehicleTypes}
        />
        <div className="form__row">
          <TextField field={fields.seats} label="Passenger seats" type="number" min={1} max={13} />
          <TextField field={fields.registrationExpiry} label="Registration expires" type="date" />
        </div>
        <ActiveField field={fields.active} label="Active: can be assigned to jobs" />
        <SubmitButton
          submitting={submitting}
          label={editing ? 'Save car' : 'Add car'}
          busyLabel="Saving…"
        />
      </Form>
      {editing ? (
        <p>
          <Link to="/staff/cars">Add a new car instead</Link>
        </p>
      ) : null}
    </section>
  );
}

export default function StaffCars() {
  const { cars, editing, vehicleTypes } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Cars</h1>
      <FinishedNotice />
      {cars.length === 0 ? (
        <p>No cars yet. Add the first one below.</p>
      ) : (
        <StaffTable
          caption="Cars"
          columns={[
            'Plate',
            'Make and model',
            'Vehicle type',
            'Seats',
            'Registration expires',
            'Status',
            '',
          ]}
        >
          {cars.map((car) => (
            <tr key={car.id}>
              <td>{car.plate}</td>
              <td>{car.makeModel}</td>
              <td>{car.type}</td>
              <td>{car.seats}</td>
              <td>{car.registration}</td>
              <td>{car.active ? 'Active' : 'Not active'}</td>
              <td>
                <Link
                  to={`?edit=${encodeURIComponent(car.id)}`}
                  aria-label={`Change car ${car.plate}`}
                >
                  Change
                </Link>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <CarForm
        key={editing ? `${editing.id}:${editing.version}` : 'new'}
        editing={editing}
        vehicleTypes={vehicleTypes}
      />
    </>
  );
}
