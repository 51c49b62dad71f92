import { describe, expect, it } from 'vitest';
import { ChannelInput, ProductInput, TargetInput } from './configuration.schemas.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('configuration entries (spec 001 §§3, 5)', () => {
  it('requires each kind’s name with its own message', () => {
    expect(messages(ProductInput.safeParse({ name: ' ' }))).toEqual({ name: 'configuration.productNameRequired' });
    expect(messages(ChannelInput.safeParse({}))).toEqual({ name: 'configuration.channelNameRequired' });
    expect(messages(TargetInput.safeParse({ name: null }))).toEqual({ name: 'configuration.targetNameRequired' });
  });

  it('fills in the spec’s defaults', () => {
    expect(ChannelInput.parse({ name: 'Salon' })).toEqual({
      name: 'Salon',
      description: null,
      color: '#1890ff',
      active: true,
      isTimeOff: false,
      needsBudgetApproval: false,
    });
    expect(TargetInput.parse({ name: 'A', priority: null, color: null })).toEqual({
      name: 'A',
      description: null,
      color: '#1890ff',
      priority: 0,
      active: true,
    });
    expect(ProductInput.parse({ name: 'P', active: false })).toEqual({ name: 'P', description: null, active: false });
  });

  it('takes a colour as a six-digit hex string, stored in lower case', () => {
    expect(ChannelInput.parse({ name: 'C', color: '#A0B1C2' }).color).toBe('#a0b1c2');
    for (const color of ['#abc', 'abcdef', '#abcdeg', 'red']) {
      expect(messages(ChannelInput.safeParse({ name: 'C', color }))).toEqual({ color: 'configuration.colorFormat' });
    }
  });

  it('takes a priority as a whole number from 0 to 100', () => {
    expect(TargetInput.parse({ name: 'T', priority: 100 }).priority).toBe(100);
    for (const priority of [-1, 101, 2.5, '3']) {
      expect(messages(TargetInput.safeParse({ name: 'T', priority }))).toEqual({
        priority: 'configuration.priorityRange',
      });
    }
  });
});
