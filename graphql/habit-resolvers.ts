import {
  archiveHabit,
  checkInHabit,
  createHabit,
  getHabitHistory,
  getMyHabits,
  undoHabitCheckIn,
  updateHabit,
  type HabitView,
} from "@/lib/habits/store";
import type { Habit, HabitKind, HabitSchedule, Resolvers } from "./generated/resolvers-types";
import { forMember, forMemberId } from "./resolvers";
import { listTitle } from "@/lib/display";

/** Thin resolvers for My Habits: the rules are in lib/habits (shareItem with HABIT is in circle-resolvers). */
const habitOf = (habit: HabitView, list = false): Habit => ({
  id: habit.id,
  ownerId: habit.ownerId,
  // Lists show the code word instead of the title (lib/display.ts); a sharee's view has no other.
  title: list ? listTitle(habit) : habit.title,
  privateTitle: habit.privateTitle,
  kind: habit.kind.toUpperCase() as HabitKind,
  target: habit.target,
  unit: habit.unit,
  schedule: habit.schedule.toUpperCase() as HabitSchedule,
  weekdays: habit.weekdays,
  timesPerWeek: habit.timesPerWeek,
  restDaysPerWeek: habit.restDaysPerWeek,
  reminderTime: habit.reminderTime,
  todayState: habit.todayState,
  score: habit.score,
  currentStreak: habit.currentStreak,
  bestStreak: habit.bestStreak,
  canCheckIn: habit.canCheckIn,
});

export const habitResolvers: Resolvers = {
  Query: {
    getMyHabits: forMemberId({ habits: [] }, async (member) => ({
      statusCode: 200,
      message: "OK",
      habits: (await getMyHabits(member.memberId)).map((habit) => habitOf(habit, true)),
    })),
    getHabitHistory: forMemberId({ habit: null, entries: [] }, async (member, args) => {
      const history = await getHabitHistory(member.memberId, args.habitId, { from: args.from, to: args.to });
      return { statusCode: 200, message: "OK", habit: habitOf(history.habit), entries: history.entries };
    }),
  },
  Mutation: {
    // With the member's address: reminders and the weekly summary go there.
    createHabit: forMember({ habit: null }, async (member, args) => ({
      statusCode: 201,
      message: "Habit created",
      habit: habitOf(await createHabit(member.memberId, args.input, { email: member.email })),
    })),
    updateHabit: forMember({ habit: null }, async (member, args) => ({
      statusCode: 200,
      message: "Habit saved",
      habit: habitOf(await updateHabit(member.memberId, args.habitId, args.input, { email: member.email })),
    })),
    archiveHabit: forMemberId({}, async (member, args) => {
      await archiveHabit(member.memberId, args.habitId);
      return { statusCode: 200, message: "Habit archived" };
    }),
    checkInHabit: forMemberId({ habit: null }, async (member, args) => ({
      statusCode: 200,
      message: "Checked in",
      habit: habitOf(
        await checkInHabit(member.memberId, args.habitId, {
          date: args.date,
          value: args.value,
          rest: args.rest,
          note: args.note,
        }),
      ),
    })),
    undoHabitCheckIn: forMemberId({ habit: null }, async (member, args) => ({
      statusCode: 200,
      message: "Check-in removed",
      habit: habitOf(await undoHabitCheckIn(member.memberId, args.habitId, args.date)),
    })),
  },
};
