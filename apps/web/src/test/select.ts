import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens an antd select by its label and picks the option of that title. */
export async function choose(user: UserEvent, label: string, option: string): Promise<void> {
  await user.click(screen.getByLabelText(label));
  const choices = await screen.findAllByTitle(option);
  const choice = choices.find((element) => element.classList.contains('ant-select-item-option')) ?? choices[0];
  if (choice === undefined) throw new Error(`No option ${option}`);
  await user.click(choice);
}
