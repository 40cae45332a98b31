"use client";

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type Dispatch,
  type ReactNode,
} from "react";
import { isCurrentStatus, isInQueueStatus } from "@/lib/billing/subscription-state";
import {
  callApi,
  succeeded,
  type ApiPaymentMethod,
  type ApiPlan,
  type ApiProfile,
  type ApiSubscription,
  type ApiTransaction,
} from "@/lib/graphql-client";

/**
 * The members' pages' client state, in the product's model: the session (signed in, where to continue),
 * the profile, the customer profile, the subscription state (active, in queue, payment methods,
 * transactions, plans, the selected interval and plan, loading flags, the last message) and the cancel
 * and upgrade/downgrade selections.
 *
 * Server components render the first view and hand it over as `initial`; after a change the store
 * re-reads what changed through the API. Only the selections outlive a page (sessionStorage, tagged
 * with the member), so a round trip through sign-in or checkout keeps them; signing out (a full page
 * load whose response carries Clear-Site-Data: "storage") clears everything, and a stored snapshot of
 * another member is ignored.
 */
export type Interval = "month" | "year";
export type Message = { tone: "success" | "error"; text: string };
export type PlanChangeSelection = { priceId: string; direction: "upgrade" | "downgrade" };
export type CancelSelection = "period_end" | "immediately";
type LoadingKey = "profile" | "subscriptions" | "paymentMethods" | "transactions";

export type AccountState = {
  session: { isAuthenticated: boolean; continue: string | null; email: string | null };
  profile: ApiProfile | null;
  customerProfile: { name: string | null; email: string | null } | null;
  subscription: {
    all: ApiSubscription[];
    active: ApiSubscription | null;
    inQueue: ApiSubscription | null;
    paymentMethods: ApiPaymentMethod[];
    transactions: ApiTransaction[];
    plans: ApiPlan[];
    selectedInterval: Interval;
    selectedPriceId: string | null;
    loading: Record<LoadingKey, boolean>;
    message: Message | null;
  };
  cancelSelection: CancelSelection | null;
  planChange: PlanChangeSelection | null;
};

export type AccountInitial = {
  email: string | null;
  continue?: string | null;
  profile?: ApiProfile | null;
  subscriptions?: ApiSubscription[];
  paymentMethods?: ApiPaymentMethod[];
  transactions?: ApiTransaction[];
  plans?: ApiPlan[];
  selectedInterval?: Interval;
  selectedPriceId?: string | null;
  message?: Message | null;
};

type Action =
  | { type: "restoreSelections"; selectedInterval: Interval; selectedPriceId: string | null }
  | { type: "setProfile"; profile: ApiProfile }
  | { type: "setSubscriptions"; subscriptions: ApiSubscription[] }
  | { type: "setPaymentMethods"; paymentMethods: ApiPaymentMethod[] }
  | { type: "setTransactions"; transactions: ApiTransaction[] }
  | { type: "setLoading"; key: LoadingKey; value: boolean }
  | { type: "setMessage"; message: Message | null }
  | { type: "selectInterval"; interval: Interval }
  | { type: "selectPlan"; priceId: string | null }
  | { type: "selectCancel"; selection: CancelSelection | null }
  | { type: "selectPlanChange"; selection: PlanChangeSelection | null };

function withSubscriptions(state: AccountState["subscription"], all: ApiSubscription[]): AccountState["subscription"] {
  return {
    ...state,
    all,
    active: all.find((s) => isCurrentStatus(s.status)) ?? null,
    inQueue: all.find((s) => isInQueueStatus(s.status)) ?? null,
  };
}

export function initialAccountState(initial: AccountInitial): AccountState {
  const subscription: AccountState["subscription"] = {
    all: [],
    active: null,
    inQueue: null,
    paymentMethods: initial.paymentMethods ?? [],
    transactions: initial.transactions ?? [],
    plans: initial.plans ?? [],
    selectedInterval: initial.selectedInterval ?? "month",
    selectedPriceId: initial.selectedPriceId ?? null,
    loading: { profile: false, subscriptions: false, paymentMethods: false, transactions: false },
    message: initial.message ?? null,
  };
  return {
    session: { isAuthenticated: initial.email !== null, continue: initial.continue ?? null, email: initial.email },
    profile: initial.profile ?? null,
    customerProfile: initial.email ? { name: null, email: initial.email } : null,
    subscription: withSubscriptions(subscription, initial.subscriptions ?? []),
    cancelSelection: null,
    planChange: null,
  };
}

export function accountReducer(state: AccountState, action: Action): AccountState {
  const sub = state.subscription;
  switch (action.type) {
    case "restoreSelections":
      return {
        ...state,
        subscription: { ...sub, selectedInterval: action.selectedInterval, selectedPriceId: action.selectedPriceId },
      };
    case "setProfile":
      return { ...state, profile: action.profile };
    case "setSubscriptions":
      return { ...state, subscription: withSubscriptions(sub, action.subscriptions) };
    case "setPaymentMethods":
      return { ...state, subscription: { ...sub, paymentMethods: action.paymentMethods } };
    case "setTransactions":
      return { ...state, subscription: { ...sub, transactions: action.transactions } };
    case "setLoading":
      return { ...state, subscription: { ...sub, loading: { ...sub.loading, [action.key]: action.value } } };
    case "setMessage":
      return { ...state, subscription: { ...sub, message: action.message } };
    case "selectInterval":
      return { ...state, subscription: { ...sub, selectedInterval: action.interval } };
    case "selectPlan":
      return { ...state, subscription: { ...sub, selectedPriceId: action.priceId } };
    case "selectCancel":
      return { ...state, cancelSelection: action.selection };
    case "selectPlanChange":
      return { ...state, planChange: action.selection };
  }
}

const STORAGE_KEY = "happr.account.selections";

type Store = {
  state: AccountState;
  dispatch: Dispatch<Action>;
  refresh: (what: ("subscriptions" | "paymentMethods" | "transactions")[]) => Promise<void>;
};
const AccountContext = createContext<Store | null>(null);

export function AccountStoreProvider({ initial, children }: { initial: AccountInitial; children: ReactNode }) {
  const [state, dispatch] = useReducer(accountReducer, initial, initialAccountState);

  // Selections survive the sign-in and checkout round trips, for this member only; the URL wins.
  useEffect(() => {
    if (initial.selectedPriceId || initial.selectedInterval) return;
    try {
      const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as {
        email: string;
        selectedInterval: Interval;
        selectedPriceId: string | null;
      } | null;
      if (stored && stored.email === initial.email)
        dispatch({
          type: "restoreSelections",
          selectedInterval: stored.selectedInterval,
          selectedPriceId: stored.selectedPriceId,
        });
    } catch {
      // Storage disabled or corrupt: start without.
    }
  }, [initial.email, initial.selectedInterval, initial.selectedPriceId]);
  useEffect(() => {
    if (!state.session.email) return;
    try {
      sessionStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({
          email: state.session.email,
          selectedInterval: state.subscription.selectedInterval,
          selectedPriceId: state.subscription.selectedPriceId,
        }),
      );
    } catch {
      // Nothing to keep then.
    }
  }, [state.session.email, state.subscription.selectedInterval, state.subscription.selectedPriceId]);

  const refresh = useCallback(async (what: ("subscriptions" | "paymentMethods" | "transactions")[]) => {
    await Promise.all(
      what.map(async (key) => {
        dispatch({ type: "setLoading", key, value: true });
        try {
          if (key === "subscriptions") {
            const result = await callApi("getMySubscriptions");
            if (succeeded(result) && result.subscriptionData)
              dispatch({ type: "setSubscriptions", subscriptions: result.subscriptionData });
          } else if (key === "paymentMethods") {
            const result = await callApi("getMyPaymentMethods");
            if (succeeded(result) && result.paymentMethods)
              dispatch({ type: "setPaymentMethods", paymentMethods: result.paymentMethods });
          } else {
            const result = await callApi("getTransactionHistory");
            if (succeeded(result) && result.history)
              dispatch({ type: "setTransactions", transactions: result.history });
          }
        } finally {
          dispatch({ type: "setLoading", key, value: false });
        }
      }),
    );
  }, []);

  const store = useMemo(() => ({ state, dispatch, refresh }), [state, refresh]);
  return <AccountContext.Provider value={store}>{children}</AccountContext.Provider>;
}

export function useAccountStore(): Store {
  const store = useContext(AccountContext);
  if (!store) throw new Error("useAccountStore needs an AccountStoreProvider");
  return store;
}

/** A plan as people name it: "Happr Family (monthly)"; a price no longer on sale still reads sensibly. */
export function planName(plans: ApiPlan[], priceId: string): string {
  const plan = plans.find((candidate) => candidate.priceId === priceId);
  return plan ? `${plan.productName} (${plan.interval === "year" ? "yearly" : "monthly"})` : "Your plan";
}
