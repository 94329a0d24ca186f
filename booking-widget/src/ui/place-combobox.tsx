// An address field with suggestions from GET /api/places, following the ARIA combobox pattern
// (editable combobox with list autocomplete): typing asks for suggestions after 300 ms of quiet;
// Down/Up move through them, Enter chooses, Escape closes. Choosing sets place id and text,
// editing keeps the old id until another is chosen, and leaving the field after editing without
// choosing (Tab, or a click elsewhere while the list is open) keeps the text, clears the id and
// says "Choose a place from the list." under the field.
import {
  PLACES_MIN_QUERY_LENGTH,
  SUGGESTION_DEBOUNCE_MS,
  type PlaceSuggestion,
} from '@business-chauffeur/booking-contract';
import { widgetMessages } from '@business-chauffeur/booking-contract/widget';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ApiError } from '../api/api-types';
import type { PlaceField } from '../machine/types';
import { describedBy, ErrorText, fieldIds } from './fields';
import { newSessionToken } from './session-token';
import { useWidget } from './widget-context';

const text = widgetMessages.general;

type SearchStatus = 'idle' | 'loading' | 'done' | 'failed';

interface PlaceComboboxProps {
  field: PlaceField;
  label: ReactNode;
  value: string;
  error: string | undefined;
}

export function PlaceCombobox({ field, label, value, error }: PlaceComboboxProps) {
  const { actor, api } = useWidget();
  const ids = fieldIds(field);
  const listboxId = `${ids.id}-listbox`;
  const [options, setOptions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const edited = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  const sessionToken = useRef(newSessionToken());

  const cancelSearch = () => {
    clearTimeout(timer.current);
    request.current?.abort();
    request.current = null;
  };

  useEffect(() => cancelSearch, []);

  const search = (query: string) => {
    const controller = new AbortController();
    request.current = controller;
    setStatus('loading');
    api
      .searchPlaces(query, sessionToken.current, controller.signal)
      .then((suggestions) => {
        if (controller.signal.aborted) return;
        setOptions(suggestions);
        setActive(-1);
        setStatus('done');
        setFailure(null);
        setOpen(true);
      })
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        setOptions([]);
        setStatus('failed');
        setFailure(reason instanceof ApiError ? reason.message : widgetMessages.networkError);
        setOpen(true);
      });
  };

  const onInput = (next: string) => {
    edited.current = true;
    actor.send({ type: 'place.edit', field, text: next });
    cancelSearch();
    const query = next.trim();
    if (query.length < PLACES_MIN_QUERY_LENGTH) {
      setOptions([]);
      setOpen(false);
      setStatus('idle');
      return;
    }
    timer.current = setTimeout(() => search(query), SUGGESTION_DEBOUNCE_MS);
  };

  const choose = (place: PlaceSuggestion) => {
    cancelSearch();
    edited.current = false;
    actor.send({ type: 'place.choose', field, place });
    setOpen(false);
    setOptions([]);
    setActive(-1);
    setStatus('idle');
    // The next search is a new session.
    sessionToken.current = newSessionToken();
  };

  const onBlur = () => {
    cancelSearch();
    setOpen(false);
    setActive(-1);
    if (edited.current) {
      edited.current = false;
      actor.send({ type: 'place.abandon', field });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (options.length === 0) return;
        setOpen(true);
        setActive((index) => (index + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (options.length === 0) return;
        setOpen(true);
        setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter': {
        const option = open ? options[active] : undefined;
        if (option) {
          // Choosing is not submitting the step.
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
    }
  };

  const expanded = open && (options.length > 0 || status === 'done' || status === 'failed');
  const activeId = expanded && active >= 0 ? `${listboxId}-${active}` : undefined;
  const announcement =
    status === 'loading'
      ? text.searching
      : status === 'done'
        ? options.length > 0
          ? text.suggestionsCount(options.length)
          : text.noSuggestions
        : status === 'failed'
          ? (failure ?? '')
          : '';

  return (
    <div className="cb-field">
      <label className="cb-label" htmlFor={ids.id} id={`${ids.id}-label`}>
        {label}
      </label>
      <div className="cb-combobox">
        <input
          id={ids.id}
          className="cb-input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck="false"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(ids, false, Boolean(error))}
          value={value}
          onChange={(event) => onInput(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        {/* The listbox stays in the DOM (aria-controls must point at it) and is hidden when closed. */}
        <ul
          id={listboxId}
          role="listbox"
          aria-labelledby={`${ids.id}-label`}
          className="cb-listbox"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            // Keys are the input's (aria-activedescendant points here); a pointer picks directly.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.placeId}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="cb-option"
              // Keeps focus in the input, so its blur does not count as leaving without choosing.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.description}
            </li>
          ))}
          {expanded && options.length === 0 ? (
            <li
              role="option"
              aria-disabled="true"
              aria-selected="false"
              className="cb-listbox-status"
            >
              {status === 'failed' ? failure : text.noSuggestions}
            </li>
          ) : null}
        </ul>
      </div>
      <ErrorText id={ids.errorId} message={error} />
      <span className="cb-visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
