import { sql, type Kysely } from 'kysely';

// Group commit (issue 29, decision 0029): the wallet's bets and wins, and ledger transfers, that
// arrive together are applied in one statement and so in one transaction (one commit, one WAL
// flush, one round trip for the lot).
//
// `wallet_batch(calls jsonb)` takes an array of prepared calls (each the arguments of one
// `wallet_bet` or `wallet_win` call, by name; a JSON null transfer is SQL null) and runs them in the array's order, each through the
// unchanged single-call function (whatever a later migration makes of `wallet_bet`/`wallet_win`
// applies to a batch too). Each call runs in its own subtransaction (a `begin ... exception` block),
// so a refusal (SQLSTATE P0001 with an `RS_ERROR_*` message, or a `*_storable` CHECK) undoes only
// that call, exactly as a refused single call keeps nothing, and the call answers it as a row
// (`err_state`, `err_message`, `err_detail`) instead of failing the statement. Any other error
// (a deadlock, a bug, a check that is not a refusal) is raised again: the whole batch keeps nothing
// and the server applies its calls one at a time instead, so such an error is met exactly as
// before. The caller keeps a batch at 64 calls at most (a transaction's cached subtransactions).
//
// `ledger_transfer_batch(transfers jsonb)` applies an array of prepared transfers
// (`ledger.prepareTransfer`) in order through `ledger_transfer_prepared`, one answer row each.
// `ledger_transfer` answers refusals as outcomes (nothing written) and raises nothing else that a
// caller could recover from, so it needs no subtransactions: an error fails the batch whole and the
// server applies its transfers one at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function wallet_batch(p_calls jsonb)
    returns table (i integer, status text, balance bigint, replayed boolean,
      err_state text, err_message text, err_detail text, err_constraint text)
    language plpgsql as $$
    declare
      v_c jsonb;
      v_i integer;
      v_r record;
      v_state text;
      v_message text;
      v_detail text;
      v_constraint text;
    begin
      for v_c, v_i in select e.value, (e.n - 1)::integer from jsonb_array_elements(p_calls) with ordinality e(value, n)
      loop
        begin
          if v_c->>'action' = 'bet' then
            select * into strict v_r from wallet_bet(
              v_c->>'provider', v_c->>'tx', v_c->>'hash', (v_c->>'member')::bigint, v_c->>'round',
              v_c->>'game', (v_c->>'amount')::bigint, v_c->>'tokenHash', (v_c->>'at')::timestamptz,
              (v_c->>'tokenTtlMs')::bigint, nullif(v_c->'transfer', 'null'::jsonb), nullif(v_c->'comp', 'null'::jsonb), v_c->>'kind', (v_c->>'day')::date);
          elsif v_c->>'action' = 'win' then
            select * into strict v_r from wallet_win(
              v_c->>'provider', v_c->>'tx', v_c->>'hash', (v_c->>'member')::bigint, v_c->>'round',
              v_c->>'game', (v_c->>'amount')::bigint, (v_c->>'close')::boolean, (v_c->>'at')::timestamptz,
              nullif(v_c->'transfer', 'null'::jsonb), v_c->>'kind', (v_c->>'day')::date);
          else
            raise exception 'wallet_batch: unknown action %', v_c->>'action' using errcode = 'XX000';
          end if;
          i := v_i; status := v_r.status; balance := v_r.balance; replayed := v_r.replayed;
          err_state := null; err_message := null; err_detail := null; err_constraint := null;
          return next;
        exception
          when raise_exception or check_violation then
            get stacked diagnostics v_state = returned_sqlstate, v_message = message_text,
              v_detail = pg_exception_detail, v_constraint = constraint_name;
            -- Only the wallet's refusals are one call's answer; anything else fails the batch.
            if not ((v_state = 'P0001' and v_message ~ '^RS_ERROR_[A-Z_]+$')
                    or (v_state = '23514' and v_constraint like '%\_storable')) then
              raise;
            end if;
            i := v_i; status := null; balance := null; replayed := null;
            err_state := v_state; err_message := v_message; err_detail := v_detail; err_constraint := v_constraint;
            return next;
        end;
      end loop;
    end
    $$`.execute(db);

  await sql`
    create function ledger_transfer_batch(p_transfers jsonb)
    returns table (i integer, outcome text, transfer_id bigint, request_hash text, debit_balance bigint)
    language plpgsql as $$
    declare
      v_t jsonb;
      v_i integer;
      v_r record;
    begin
      for v_t, v_i in select e.value, (e.n - 1)::integer from jsonb_array_elements(p_transfers) with ordinality e(value, n)
      loop
        select * into strict v_r from ledger_transfer_prepared(v_t);
        i := v_i; outcome := v_r.outcome; transfer_id := v_r.transfer_id; request_hash := v_r.request_hash;
        debit_balance := v_r.debit_balance;
        return next;
      end loop;
    end
    $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
